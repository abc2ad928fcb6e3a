-- Issue 45 (ADR 097): 'Meu extrato' pages a month's lines by payment day; the index now has that order, so its
-- first page reads 20 entries, not the month's thousands sorted.
DROP INDEX "royalty_lancamentos_franquia_periodo_idx";--> statement-breakpoint
CREATE INDEX "royalty_lancamentos_franquia_periodo_idx" ON "royalty_lancamentos" USING btree ("franquia_id","periodo","ocorrido_em","created_at","id");