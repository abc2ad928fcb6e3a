DROP INDEX "comissao_lancamentos_parcela_key";--> statement-breakpoint
DROP INDEX "comissao_lancamentos_fixo_key";--> statement-breakpoint
DROP INDEX "royalty_lancamentos_parcela_key";--> statement-breakpoint
ALTER TABLE "comissao_lancamentos" ADD COLUMN "ciclo" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parcelas" ADD COLUMN "chargeback_em" date;--> statement-breakpoint
ALTER TABLE "royalty_lancamentos" ADD COLUMN "ciclo" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_lancamentos_parcela_key" ON "comissao_lancamentos" USING btree ("parcela_id","beneficiario","tipo","ciclo");--> statement-breakpoint
CREATE UNIQUE INDEX "comissao_lancamentos_fixo_key" ON "comissao_lancamentos" USING btree ("matricula_id","beneficiario","ciclo") WHERE "comissao_lancamentos"."tipo" = 'credito' and "comissao_lancamentos"."regra_tipo" = 'fixo';--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_lancamentos_parcela_key" ON "royalty_lancamentos" USING btree ("parcela_id","tipo","ciclo");