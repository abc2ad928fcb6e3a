-- Issue 46 (ADR 174): a funnel table's search by trigram carries the scope columns below the network in the same GIN
-- index (btree_gin's operator classes for uuid). A school's, a seller's, a micro-franquia's and a franquia's search
-- intersected the network's bitmap of the word with the scope's page index: 'oliveira' is in 95,746 of a million
-- leads, so a school of 20,462 leads paid 30 ms of PostgreSQL for its 1,972 matches. Inside one GIN scan the
-- word's long lists are skipped through to the scope's rows (12 ms). The network's search reads the trigrams alone,
-- as it did. The new index replaces the old one, whose every use it serves.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "leads_busca_escopo_idx" ON "leads" USING gin ("franquia_id","micro_franquia_id","vendedor_id","cliente_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matriculas_busca_escopo_idx" ON "matriculas" USING gin ("franquia_id","micro_franquia_id","vendedor_id","cliente_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pre_matriculas_busca_escopo_idx" ON "pre_matriculas" USING gin ("franquia_id","micro_franquia_id","vendedor_id","cliente_id","busca" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "leads_busca_trgm_idx";--> statement-breakpoint
DROP INDEX "matriculas_busca_trgm_idx";--> statement-breakpoint
DROP INDEX "pre_matriculas_busca_trgm_idx";
