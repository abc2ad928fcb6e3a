-- Issue 50 (ADR 106): imports of clientes, leads and vendedores (the file's rows kept until the job has written
-- them, what each row did, for the undo; the mapping remembered by the file's shape), and the distribution of a
-- micro-franquia's new leads to its vendedores (in turns or by the event's city; vendedores away are skipped).
CREATE TABLE "distribuicao_cidades" (
	"micro_franquia_id" uuid NOT NULL,
	"cidade_chave" text NOT NULL,
	"cidade" text NOT NULL,
	"estado" varchar(2) NOT NULL,
	"vendedor_id" uuid NOT NULL,
	CONSTRAINT "distribuicao_cidades_pkey" PRIMARY KEY("micro_franquia_id","estado","cidade_chave")
);
--> statement-breakpoint
CREATE TABLE "importacao_linhas" (
	"importacao_id" uuid NOT NULL,
	"linha" integer NOT NULL,
	"valores" jsonb NOT NULL,
	"resultado" text,
	"erro" text,
	"registro_id" uuid,
	"anteriores" jsonb,
	CONSTRAINT "importacao_linhas_pkey" PRIMARY KEY("importacao_id","linha"),
	CONSTRAINT "importacao_linhas_resultado_check" CHECK ("importacao_linhas"."resultado" is null or "importacao_linhas"."resultado" in ('criado', 'atualizado', 'ignorado', 'erro'))
);
--> statement-breakpoint
CREATE TABLE "importacao_mapeamentos" (
	"franqueador_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"assinatura" text NOT NULL,
	"campos" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacao_mapeamentos_pkey" PRIMARY KEY("franqueador_id","tipo","assinatura")
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"evento_id" uuid,
	"nome_arquivo" text NOT NULL,
	"formato" text NOT NULL,
	"codificacao" text,
	"separador" text,
	"colunas" jsonb NOT NULL,
	"campos" jsonb NOT NULL,
	"assinatura" text NOT NULL,
	"linhas_total" integer NOT NULL,
	"status" text DEFAULT 'mapeamento' NOT NULL,
	"duplicados" text,
	"base_legal" text,
	"enviar_convite" boolean DEFAULT false NOT NULL,
	"processadas" integer DEFAULT 0 NOT NULL,
	"resultado" jsonb,
	"erro" text,
	"desfeita_em" timestamp with time zone,
	"desfazer_resumo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "importacoes_tipo_check" CHECK ("importacoes"."tipo" in ('clientes', 'leads', 'vendedores')),
	CONSTRAINT "importacoes_status_check" CHECK ("importacoes"."status" in ('mapeamento', 'importando', 'concluida', 'falhou', 'desfazendo', 'desfeita')),
	CONSTRAINT "importacoes_formato_check" CHECK ("importacoes"."formato" in ('csv', 'xlsx')),
	CONSTRAINT "importacoes_duplicados_check" CHECK ("importacoes"."duplicados" is null or "importacoes"."duplicados" in ('ignorar', 'atualizar', 'criar'))
);
--> statement-breakpoint
ALTER TABLE "micro_franquias" ADD COLUMN "distribuicao_modo" text DEFAULT 'nenhuma' NOT NULL;--> statement-breakpoint
ALTER TABLE "micro_franquias" ADD COLUMN "rodizio_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendedores" ADD COLUMN "ausente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "responsavel_automatico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "distribuicao_cidades" ADD CONSTRAINT "distribuicao_cidades_micro_franquia_id_micro_franquias_id_fk" FOREIGN KEY ("micro_franquia_id") REFERENCES "public"."micro_franquias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribuicao_cidades" ADD CONSTRAINT "distribuicao_cidades_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_linhas" ADD CONSTRAINT "importacao_linhas_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_mapeamentos" ADD CONSTRAINT "importacao_mapeamentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_evento_id_eventos_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."eventos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacoes_usuario_idx" ON "importacoes" USING btree ("usuario_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "micro_franquias" ADD CONSTRAINT "micro_franquias_distribuicao_modo_check" CHECK ("micro_franquias"."distribuicao_modo" in ('nenhuma', 'rodizio', 'cidade'));--> statement-breakpoint
CREATE FUNCTION "distribuicao_escolher"(micro_franquia uuid, evento uuid) RETURNS uuid LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;--> statement-breakpoint
CREATE FUNCTION "leads_distribuir"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;--> statement-breakpoint
CREATE FUNCTION "leads_distribuido"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;--> statement-breakpoint
-- After leads_fill_scope (BEFORE triggers run by name), which fills micro_franquia_id. The history's entry only for
-- a vendedor the distribution gave (responsavel_automatico), not for one the writer of the lead chose.
CREATE TRIGGER "leads_responsavel_distribuir" BEFORE INSERT ON "leads" FOR EACH ROW
  WHEN (NEW."responsavel_id" IS NULL) EXECUTE FUNCTION "leads_distribuir"();--> statement-breakpoint
CREATE TRIGGER "leads_responsavel_historico" AFTER INSERT ON "leads" FOR EACH ROW
  WHEN (NEW."responsavel_automatico") EXECUTE FUNCTION "leads_distribuido"();
