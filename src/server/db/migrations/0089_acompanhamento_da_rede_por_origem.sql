-- Issue 46 (ADR 156): the network's follow-up by origem, campanha or the link's vendedor read the family's origin from
-- the table -- 62,000 leads' rows fetched from the heap for the franqueador's last 30 days, half of the report's
-- 80-120 ms. The network's status index now also carries the origin the report groups and filters by, so that report
-- is an index-only scan as the others are (migration 0036). Still partial (status <> 'novo'): a sign-up never writes it.
DROP INDEX "leads_franqueador_status_idx";--> statement-breakpoint
CREATE INDEX "leads_franqueador_status_idx" ON "leads" USING btree ("franqueador_id","status","created_at","id") INCLUDE ("franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda", "utm_source", "utm_campaign", "link_codigo", "link_vendedor_id") WHERE "leads"."status" <> 'novo';
