-- Issue 42, second slice (ADR 064): a matrícula's status (aguardando_aceite -> ativa -> cancelada, with its reason),
-- the network's contract templates (drafts, then immutable versions 1, 2, ...; at most one draft per network) and the
-- contract each matrícula freezes from the current version at Efetivar.
CREATE TYPE "public"."matricula_status" AS ENUM('aguardando_aceite', 'ativa', 'cancelada');--> statement-breakpoint
CREATE TYPE "public"."motivo_cancelamento" AS ENUM('arrependimento', 'cancelamento', 'contrato_expirado');--> statement-breakpoint
CREATE TABLE "contrato_modelos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"versao" integer,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"multa_cancelamento_pct" integer NOT NULL,
	"criado_por_id" uuid,
	"publicado_em" timestamp with time zone,
	"publicado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrato_modelos_publicacao_check" CHECK (("contrato_modelos"."versao" is null) = ("contrato_modelos"."publicado_em" is null) and ("contrato_modelos"."versao" is null or "contrato_modelos"."versao" >= 1)),
	CONSTRAINT "contrato_modelos_multa_check" CHECK ("contrato_modelos"."multa_cancelamento_pct" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matricula_id" uuid NOT NULL,
	"modelo_id" uuid NOT NULL,
	"versao" integer NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"valor_total" numeric(10, 2) NOT NULL,
	"parcelas" integer NOT NULL,
	"valor_parcela" numeric(10, 2) NOT NULL,
	"valor_ultima_parcela" numeric(10, 2) NOT NULL,
	"multa_cancelamento_pct" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_matriculaId_unique" UNIQUE("matricula_id")
);
--> statement-breakpoint
-- Every matrícula made before contracts existed had no contract to accept: it counts as 'ativa' (ADR 064). Adding the
-- column with that constant default writes no row (the catalog keeps it); the default then becomes the new rows'.
ALTER TABLE "matriculas" ADD COLUMN "status" "matricula_status" DEFAULT 'ativa' NOT NULL;--> statement-breakpoint
ALTER TABLE "matriculas" ALTER COLUMN "status" SET DEFAULT 'aguardando_aceite';--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "motivo_cancelamento" "motivo_cancelamento";--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "cancelada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contrato_modelos" ADD CONSTRAINT "contrato_modelos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_modelos" ADD CONSTRAINT "contrato_modelos_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_modelos" ADD CONSTRAINT "contrato_modelos_publicado_por_id_users_id_fk" FOREIGN KEY ("publicado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_modelo_id_contrato_modelos_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."contrato_modelos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contrato_modelos_versao_key" ON "contrato_modelos" USING btree ("franqueador_id","versao");--> statement-breakpoint
CREATE UNIQUE INDEX "contrato_modelos_um_rascunho_key" ON "contrato_modelos" USING btree ("franqueador_id") WHERE "contrato_modelos"."versao" is null;--> statement-breakpoint
CREATE INDEX "contrato_modelos_criado_por_id_idx" ON "contrato_modelos" USING btree ("criado_por_id");--> statement-breakpoint
CREATE INDEX "contrato_modelos_publicado_por_id_idx" ON "contrato_modelos" USING btree ("publicado_por_id");--> statement-breakpoint
CREATE INDEX "contratos_modelo_id_idx" ON "contratos" USING btree ("modelo_id");--> statement-breakpoint
ALTER TABLE "matriculas" ADD CONSTRAINT "matriculas_cancelamento_check" CHECK (("matriculas"."status" = 'cancelada') = ("matriculas"."motivo_cancelamento" is not null) and ("matriculas"."status" = 'cancelada') = ("matriculas"."cancelada_em" is not null));