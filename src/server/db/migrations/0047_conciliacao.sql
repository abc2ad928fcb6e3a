-- Issue 43 (ADR 080): the reconciliation with the payment gateway. Each run (the daily job's or 'Conciliar agora'),
-- one at a time, with its window and counts; and each difference it found between the gateway's payments and the
-- parcelas -- its kind, both sides' status and value, fixed or left to be looked at -- under the matrícula's scope path.
CREATE TABLE "cobranca_conciliacao_diferencas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conciliacao_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"situacao" text NOT NULL,
	"parcela_id" uuid,
	"matricula_id" uuid,
	"gateway_id" text,
	"referencia" text,
	"status_local" text,
	"status_gateway" text,
	"valor_local_centavos" integer,
	"valor_gateway_centavos" integer,
	"vencimento" date,
	"cliente_id" uuid,
	"vendedor_id" uuid,
	"micro_franquia_id" uuid,
	"franquia_id" uuid,
	"franqueador_id" uuid,
	CONSTRAINT "cobranca_conciliacao_diferencas_tipo_check" CHECK ("cobranca_conciliacao_diferencas"."tipo" in ('ausente_local', 'ausente_gateway', 'status_diverge', 'valor_diverge')),
	CONSTRAINT "cobranca_conciliacao_diferencas_situacao_check" CHECK ("cobranca_conciliacao_diferencas"."situacao" in ('corrigida', 'pendente'))
);
--> statement-breakpoint
CREATE TABLE "cobranca_conciliacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provedor" text NOT NULL,
	"origem" text NOT NULL,
	"solicitada_por_id" uuid,
	"desde" date NOT NULL,
	"iniciada_em" timestamp with time zone NOT NULL,
	"concluida_em" timestamp with time zone,
	"falha" text,
	"pagamentos_no_gateway" integer DEFAULT 0 NOT NULL,
	"parcelas_comparadas" integer DEFAULT 0 NOT NULL,
	"corrigidas" integer DEFAULT 0 NOT NULL,
	"pendentes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cobranca_conciliacoes_origem_check" CHECK ("cobranca_conciliacoes"."origem" in ('diaria', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "cobranca_conciliacao_diferencas" ADD CONSTRAINT "cobranca_conciliacao_diferencas_conciliacao_id_cobranca_conciliacoes_id_fk" FOREIGN KEY ("conciliacao_id") REFERENCES "public"."cobranca_conciliacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_conciliacao_diferencas" ADD CONSTRAINT "cobranca_conciliacao_diferencas_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_conciliacao_diferencas" ADD CONSTRAINT "cobranca_conciliacao_diferencas_matricula_id_matriculas_id_fk" FOREIGN KEY ("matricula_id") REFERENCES "public"."matriculas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca_conciliacoes" ADD CONSTRAINT "cobranca_conciliacoes_solicitada_por_id_users_id_fk" FOREIGN KEY ("solicitada_por_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobranca_conciliacao_diferencas_conciliacao_id_idx" ON "cobranca_conciliacao_diferencas" USING btree ("conciliacao_id");--> statement-breakpoint
CREATE INDEX "cobranca_conciliacao_diferencas_parcela_id_idx" ON "cobranca_conciliacao_diferencas" USING btree ("parcela_id");--> statement-breakpoint
CREATE INDEX "cobranca_conciliacao_diferencas_matricula_id_idx" ON "cobranca_conciliacao_diferencas" USING btree ("matricula_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_conciliacoes_em_andamento_key" ON "cobranca_conciliacoes" USING btree ("provedor") WHERE "cobranca_conciliacoes"."concluida_em" is null and "cobranca_conciliacoes"."falha" is null;--> statement-breakpoint
CREATE INDEX "cobranca_conciliacoes_iniciada_em_idx" ON "cobranca_conciliacoes" USING btree ("iniciada_em");