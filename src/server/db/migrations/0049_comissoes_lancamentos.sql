-- Issue 44 (ADR 082): the commission ledger and its monthly closing. Each paid parcela writes a credit line per
-- beneficiary whose rule applies, a refund or withdrawal its reversing line, in the payment's transaction; a month is
-- closed into a payout (CSV) and marked paid. The ledger is append-only, and a closed month takes no new line: the
-- triggers below hold both whatever code runs. The PIX key a commission is paid to sits on the payee's login.
CREATE TABLE "comissao_fechamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"periodo" varchar(7) NOT NULL,
	"total_centavos" integer NOT NULL,
	"lancamentos" integer NOT NULL,
	"fechado_em" timestamp with time zone NOT NULL,
	"fechado_por_id" uuid,
	"pago_em" timestamp with time zone,
	"pago_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comissao_fechamentos_periodo_check" CHECK ("comissao_fechamentos"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "comissao_fechamentos_pago_check" CHECK (("comissao_fechamentos"."pago_em" is null) = ("comissao_fechamentos"."pago_por_id" is null))
);
--> statement-breakpoint
CREATE TABLE "comissao_lancamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"franqueador_id" uuid NOT NULL,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"beneficiario" text NOT NULL,
	"beneficiario_id" uuid NOT NULL,
	"regra_id" uuid NOT NULL,
	"regra_tipo" text NOT NULL,
	"parcela_id" uuid NOT NULL,
	"matricula_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"base_centavos" integer NOT NULL,
	"valor_centavos" integer NOT NULL,
	"periodo" varchar(7) NOT NULL,
	"ocorrido_em" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comissao_lancamentos_beneficiario_check" CHECK ("comissao_lancamentos"."beneficiario" in ('vendedor', 'micro_franquia', 'franquia')),
	CONSTRAINT "comissao_lancamentos_regra_tipo_check" CHECK ("comissao_lancamentos"."regra_tipo" in ('percentual', 'fixo')),
	CONSTRAINT "comissao_lancamentos_valor_check" CHECK (("comissao_lancamentos"."tipo" = 'credito' and "comissao_lancamentos"."valor_centavos" > 0) or ("comissao_lancamentos"."tipo" = 'estorno' and "comissao_lancamentos"."valor_centavos" < 0)),
	CONSTRAINT "comissao_lancamentos_periodo_check" CHECK ("comissao_lancamentos"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "franqueadores" ADD COLUMN "comissao_franquia_fecha" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "chave_pix" varchar(77);--> statement-breakpoint
ALTER TABLE "comissao_fechamentos" ADD CONSTRAINT "comissao_fechamentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_fechamentos" ADD CONSTRAINT "comissao_fechamentos_franquia_id_franquias_id_fk" FOREIGN KEY ("franquia_id") REFERENCES "public"."franquias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_fechamentos" ADD CONSTRAINT "comissao_fechamentos_fechado_por_id_users_id_fk" FOREIGN KEY ("fechado_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_fechamentos" ADD CONSTRAINT "comissao_fechamentos_pago_por_id_users_id_fk" FOREIGN KEY ("pago_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_lancamentos" ADD CONSTRAINT "comissao_lancamentos_franqueador_id_franqueadores_id_fk" FOREIGN KEY ("franqueador_id") REFERENCES "public"."franqueadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_lancamentos" ADD CONSTRAINT "comissao_lancamentos_regra_id_comissao_regras_id_fk" FOREIGN KEY ("regra_id") REFERENCES "public"."comissao_regras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_lancamentos" ADD CONSTRAINT "comissao_lancamentos_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comissao_lancamentos" ADD CONSTRAINT "comissao_lancamentos_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_fechamentos_key" ON "comissao_fechamentos" USING btree ("franqueador_id",coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),"periodo");--> statement-breakpoint
CREATE INDEX "comissao_fechamentos_franquia_id_idx" ON "comissao_fechamentos" USING btree ("franquia_id");--> statement-breakpoint
CREATE INDEX "comissao_fechamentos_fechado_por_id_idx" ON "comissao_fechamentos" USING btree ("fechado_por_id");--> statement-breakpoint
CREATE INDEX "comissao_fechamentos_pago_por_id_idx" ON "comissao_fechamentos" USING btree ("pago_por_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_lancamentos_parcela_key" ON "comissao_lancamentos" USING btree ("parcela_id","beneficiario","tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_lancamentos_fixo_key" ON "comissao_lancamentos" USING btree ("matricula_id","beneficiario") WHERE "comissao_lancamentos"."tipo" = 'credito' and "comissao_lancamentos"."regra_tipo" = 'fixo';--> statement-breakpoint
CREATE INDEX "comissao_lancamentos_franqueador_periodo_idx" ON "comissao_lancamentos" USING btree ("franqueador_id","periodo","created_at","id");--> statement-breakpoint
CREATE INDEX "comissao_lancamentos_franquia_periodo_idx" ON "comissao_lancamentos" USING btree ("franquia_id","periodo","created_at","id");--> statement-breakpoint
CREATE INDEX "comissao_lancamentos_beneficiario_idx" ON "comissao_lancamentos" USING btree ("beneficiario_id","beneficiario","periodo","created_at");--> statement-breakpoint
CREATE INDEX "comissao_lancamentos_matricula_id_idx" ON "comissao_lancamentos" USING btree ("matricula_id");--> statement-breakpoint
CREATE INDEX "comissao_lancamentos_regra_id_idx" ON "comissao_lancamentos" USING btree ("regra_id");--> statement-breakpoint
-- Append-only: no UPDATE, no DELETE, no TRUNCATE -- except the cascade of a parcela's own delete (the application
-- never deletes one; tests and a purge of test data do), which runs inside the foreign key's trigger.
CREATE FUNCTION comissao_lancamentos_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'comissao_lancamentos é somente de inclusão (%)', TG_OP USING ERRCODE = '42501';
END
$$;
--> statement-breakpoint
CREATE TRIGGER comissao_lancamentos_sem_alteracao BEFORE UPDATE OR DELETE ON comissao_lancamentos
  FOR EACH ROW EXECUTE FUNCTION comissao_lancamentos_imutavel();
--> statement-breakpoint
CREATE TRIGGER comissao_lancamentos_sem_truncate BEFORE TRUNCATE ON comissao_lancamentos
  FOR EACH STATEMENT EXECUTE FUNCTION comissao_lancamentos_imutavel();
--> statement-breakpoint
-- A closed month (the network's, or the line's franquia's) takes no new line: the service moves a late event to the
-- next open month, and this refuses whatever would not.
CREATE FUNCTION comissao_lancamentos_periodo_aberto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM comissao_fechamentos f WHERE f.franqueador_id = NEW.franqueador_id
      AND f.periodo = NEW.periodo AND (f.franquia_id IS NULL OR f.franquia_id = NEW.franquia_id)) THEN
    RAISE EXCEPTION 'o período % das comissões está fechado', NEW.periodo USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comissao_lancamentos_periodo_fechado BEFORE INSERT ON comissao_lancamentos
  FOR EACH ROW EXECUTE FUNCTION comissao_lancamentos_periodo_aberto();
