CREATE TABLE "royalty_acordos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid NOT NULL,
	"royalty_centesimos" integer NOT NULL,
	"fundo_centesimos" integer NOT NULL,
	"minimo_centavos" integer,
	"inicio" date NOT NULL,
	"modo" text NOT NULL,
	"criado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_acordos_percentuais_check" CHECK ("royalty_acordos"."royalty_centesimos" between 0 and 10000 and "royalty_acordos"."fundo_centesimos" between 0 and 10000 and "royalty_acordos"."royalty_centesimos" + "royalty_acordos"."fundo_centesimos" <= 10000),
	CONSTRAINT "royalty_acordos_minimo_check" CHECK ("royalty_acordos"."minimo_centavos" is null or "royalty_acordos"."minimo_centavos" > 0),
	CONSTRAINT "royalty_acordos_modo_check" CHECK ("royalty_acordos"."modo" in ('fatura', 'split'))
);
--> statement-breakpoint
CREATE TABLE "royalty_contestacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"linha_id" uuid NOT NULL,
	"franquia_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"motivo" text NOT NULL,
	"criado_por_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_faturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fechamento_id" uuid NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid NOT NULL,
	"valor_centavos" integer NOT NULL,
	"vencimento" date NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"provedor" text,
	"gateway_id" text,
	"invoice_url" text,
	"paga_em" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_faturas_valor_check" CHECK ("royalty_faturas"."valor_centavos" > 0),
	CONSTRAINT "royalty_faturas_status_check" CHECK ("royalty_faturas"."status" in ('pendente', 'aberta', 'vencida', 'paga', 'estornada', 'cancelada')),
	CONSTRAINT "royalty_faturas_gateway_check" CHECK (("royalty_faturas"."status" = 'pendente') = ("royalty_faturas"."gateway_id" is null))
);
--> statement-breakpoint
CREATE TABLE "royalty_fechamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"acordo_id" uuid NOT NULL,
	"modo" text NOT NULL,
	"bruto_centavos" integer NOT NULL,
	"estornos_centavos" integer NOT NULL,
	"base_centavos" integer NOT NULL,
	"royalty_centavos" integer NOT NULL,
	"fundo_centavos" integer NOT NULL,
	"minimo_centavos" integer,
	"ajuste_minimo_centavos" integer NOT NULL,
	"retido_centavos" integer NOT NULL,
	"saldo_centavos" integer NOT NULL,
	"linhas" integer NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"fechado_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_fechamentos_periodo_check" CHECK ("royalty_fechamentos"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "royalty_fechamentos_modo_check" CHECK ("royalty_fechamentos"."modo" in ('fatura', 'split')),
	CONSTRAINT "royalty_fechamentos_soma_check" CHECK ("royalty_fechamentos"."base_centavos" = "royalty_fechamentos"."bruto_centavos" + "royalty_fechamentos"."estornos_centavos"
        and "royalty_fechamentos"."saldo_centavos" = "royalty_fechamentos"."royalty_centavos" + "royalty_fechamentos"."fundo_centavos" + "royalty_fechamentos"."ajuste_minimo_centavos" - "royalty_fechamentos"."retido_centavos")
);
--> statement-breakpoint
CREATE TABLE "royalty_lancamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid NOT NULL,
	"parcela_id" uuid NOT NULL,
	"acordo_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"base_centavos" integer NOT NULL,
	"royalty_centavos" integer NOT NULL,
	"fundo_centavos" integer NOT NULL,
	"split_centesimos" integer,
	"retido_centavos" integer NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"ocorrido_em" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_lancamentos_valor_check" CHECK (("royalty_lancamentos"."tipo" = 'receita' and "royalty_lancamentos"."base_centavos" > 0 and "royalty_lancamentos"."royalty_centavos" >= 0 and "royalty_lancamentos"."fundo_centavos" >= 0 and "royalty_lancamentos"."retido_centavos" >= 0)
        or ("royalty_lancamentos"."tipo" = 'estorno' and "royalty_lancamentos"."base_centavos" < 0 and "royalty_lancamentos"."royalty_centavos" <= 0 and "royalty_lancamentos"."fundo_centavos" <= 0 and "royalty_lancamentos"."retido_centavos" <= 0)),
	CONSTRAINT "royalty_lancamentos_periodo_check" CHECK ("royalty_lancamentos"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "royalty_split_centesimos" integer;--> statement-breakpoint
ALTER TABLE "royalty_acordos" ADD CONSTRAINT "royalty_acordos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_acordos" ADD CONSTRAINT "royalty_acordos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_acordos" ADD CONSTRAINT "royalty_acordos_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_contestacoes" ADD CONSTRAINT "royalty_contestacoes_linha_id_royalty_lancamentos_id_fk" FOREIGN KEY ("linha_id") REFERENCES "public"."royalty_lancamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_contestacoes" ADD CONSTRAINT "royalty_contestacoes_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_contestacoes" ADD CONSTRAINT "royalty_contestacoes_ticket_id_sac_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."sac_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_contestacoes" ADD CONSTRAINT "royalty_contestacoes_criado_por_id_users_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_faturas" ADD CONSTRAINT "royalty_faturas_fechamento_id_royalty_fechamentos_id_fk" FOREIGN KEY ("fechamento_id") REFERENCES "public"."royalty_fechamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_faturas" ADD CONSTRAINT "royalty_faturas_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_faturas" ADD CONSTRAINT "royalty_faturas_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_fechamentos" ADD CONSTRAINT "royalty_fechamentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_fechamentos" ADD CONSTRAINT "royalty_fechamentos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_fechamentos" ADD CONSTRAINT "royalty_fechamentos_acordo_id_royalty_acordos_id_fk" FOREIGN KEY ("acordo_id") REFERENCES "public"."royalty_acordos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_fechamentos" ADD CONSTRAINT "royalty_fechamentos_fechado_por_id_users_id_fk" FOREIGN KEY ("fechado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lancamentos" ADD CONSTRAINT "royalty_lancamentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lancamentos" ADD CONSTRAINT "royalty_lancamentos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lancamentos" ADD CONSTRAINT "royalty_lancamentos_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_lancamentos" ADD CONSTRAINT "royalty_lancamentos_acordo_id_royalty_acordos_id_fk" FOREIGN KEY ("acordo_id") REFERENCES "public"."royalty_acordos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_acordos_franquia_inicio_key" ON "royalty_acordos" USING btree ("franquia_id","inicio");--> statement-breakpoint
CREATE INDEX "royalty_acordos_franqueador_id_idx" ON "royalty_acordos" USING btree ("franqueador_id");--> statement-breakpoint
CREATE INDEX "royalty_acordos_criado_por_id_idx" ON "royalty_acordos" USING btree ("criado_por_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_contestacoes_linha_key" ON "royalty_contestacoes" USING btree ("linha_id");--> statement-breakpoint
CREATE INDEX "royalty_contestacoes_franquia_id_idx" ON "royalty_contestacoes" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "royalty_contestacoes_ticket_id_idx" ON "royalty_contestacoes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "royalty_contestacoes_criado_por_id_idx" ON "royalty_contestacoes" USING btree ("criado_por_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_faturas_fechamento_key" ON "royalty_faturas" USING btree ("fechamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_faturas_gateway_key" ON "royalty_faturas" USING btree ("provedor","gateway_id");--> statement-breakpoint
CREATE INDEX "royalty_faturas_franquia_id_idx" ON "royalty_faturas" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "royalty_faturas_franqueador_id_idx" ON "royalty_faturas" USING btree ("franqueador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_fechamentos_key" ON "royalty_fechamentos" USING btree ("franquia_id","periodo");--> statement-breakpoint
CREATE INDEX "royalty_fechamentos_franqueador_periodo_idx" ON "royalty_fechamentos" USING btree ("franqueador_id","periodo");--> statement-breakpoint
CREATE INDEX "royalty_fechamentos_acordo_id_idx" ON "royalty_fechamentos" USING btree ("acordo_id");--> statement-breakpoint
CREATE INDEX "royalty_fechamentos_fechado_por_id_idx" ON "royalty_fechamentos" USING btree ("fechado_por_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_lancamentos_parcela_key" ON "royalty_lancamentos" USING btree ("parcela_id","tipo");--> statement-breakpoint
CREATE INDEX "royalty_lancamentos_franquia_periodo_idx" ON "royalty_lancamentos" USING btree ("franquia_id","periodo","created_at","id");--> statement-breakpoint
CREATE INDEX "royalty_lancamentos_franqueador_periodo_idx" ON "royalty_lancamentos" USING btree ("franqueador_id","periodo");--> statement-breakpoint
CREATE INDEX "royalty_lancamentos_acordo_id_idx" ON "royalty_lancamentos" USING btree ("acordo_id");--> statement-breakpoint
-- Append-only: the ledger's lines and the closed months -- no UPDATE, no DELETE, no TRUNCATE, except the cascade of
-- a parcela's own delete (the application never deletes one; tests do), which runs inside the foreign key's trigger.
CREATE FUNCTION royalty_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% é somente de inclusão (%)', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER royalty_lancamentos_sem_alteracao BEFORE UPDATE OR DELETE ON royalty_lancamentos
  FOR EACH ROW EXECUTE FUNCTION royalty_imutavel();
--> statement-breakpoint
CREATE TRIGGER royalty_lancamentos_sem_truncate BEFORE TRUNCATE ON royalty_lancamentos
  FOR EACH STATEMENT EXECUTE FUNCTION royalty_imutavel();
--> statement-breakpoint
CREATE TRIGGER royalty_fechamentos_sem_alteracao BEFORE UPDATE OR DELETE ON royalty_fechamentos
  FOR EACH ROW EXECUTE FUNCTION royalty_imutavel();
--> statement-breakpoint
CREATE TRIGGER royalty_fechamentos_sem_truncate BEFORE TRUNCATE ON royalty_fechamentos
  FOR EACH STATEMENT EXECUTE FUNCTION royalty_imutavel();
--> statement-breakpoint
-- A franquia's closed month takes no new line: the service moves a late event to the next open month, and this
-- refuses whatever would not.
CREATE FUNCTION royalty_lancamentos_periodo_aberto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM royalty_fechamentos f WHERE f.franquia_id = NEW.franquia_id AND f.periodo = NEW.periodo) THEN
    RAISE EXCEPTION 'o período % dos royalties está fechado', NEW.periodo USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER royalty_lancamentos_periodo_fechado BEFORE INSERT ON royalty_lancamentos
  FOR EACH ROW EXECUTE FUNCTION royalty_lancamentos_periodo_aberto();
