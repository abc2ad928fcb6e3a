-- Issue 43 (ADR 084): billing at national scale, and each plan a family has numbered on its own.
-- 1. A renegotiation's parcelas name the renegotiation whose plan they are (parcelas.plano_renegociacao_id; null:
--    the contract's plan), and a renegotiation keeps the matrícula's number of its first parcela
--    (renegociacoes.primeiro_numero), so 'Parcela n de N' is the plan's: 'Parcela 2 de 6 da renegociação', the old
--    plan's paid parcelas keeping 'Parcela 3 de 10'. Existing rows are filled from each renegotiation's stored plan.
-- 2. The payments a reconciliation under way has compared (cobranca_conciliacao_pagamentos), so a run reads the
--    gateway's listing and the window's parcelas a page at a time; a run's rows go when it ends.
CREATE TABLE "cobranca_conciliacao_pagamentos" (
	"conciliacao_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	CONSTRAINT "cobranca_conciliacao_pagamentos_conciliacao_id_gateway_id_pk" PRIMARY KEY("conciliacao_id","gateway_id")
);
--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "plano_renegociacao_id" uuid;--> statement-breakpoint
ALTER TABLE "renegociacoes" ADD COLUMN "primeiro_numero" integer;--> statement-breakpoint
UPDATE "renegociacoes" SET "primeiro_numero" = ("plano"->0->>'numero')::integer;--> statement-breakpoint
ALTER TABLE "renegociacoes" ALTER COLUMN "primeiro_numero" SET NOT NULL;--> statement-breakpoint
UPDATE "parcelas" p SET "plano_renegociacao_id" = r."id" FROM "renegociacoes" r
  WHERE r."matricula_id" = p."matricula_id" AND p."tipo" = 'mensalidade'
    AND p."numero" BETWEEN r."primeiro_numero" AND r."primeiro_numero" + r."novas_parcelas" - 1;--> statement-breakpoint
ALTER TABLE "cobranca_conciliacao_pagamentos" ADD CONSTRAINT "cobranca_conciliacao_pagamentos_conciliacao_id_cobranca_conciliacoes_id_fk" FOREIGN KEY ("conciliacao_id") REFERENCES "public"."cobranca_conciliacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_plano_renegociacao_id_renegociacoes_id_fk" FOREIGN KEY ("plano_renegociacao_id") REFERENCES "public"."renegociacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcelas_plano_renegociacao_id_idx" ON "parcelas" USING btree ("plano_renegociacao_id");
