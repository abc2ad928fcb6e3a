-- Issue 39, item 13: Relatórios' 'Acompanhamento dos leads' read every lead of the period past 'novo' from the
-- table: about 65,000 rows on 26,000 pages for the franqueador's last 30 days at 1,000,000 leads, over a second a
-- report. Each scope's status index now carries what the report groups and measures (the other levels of the
-- network, the event, the first contact and the loss reason), so the report is an index-only scan. The index is
-- partial (status <> 'novo'): a sign-up never writes it. drizzle's index builder has no INCLUDE: schema.ts
-- declares the keys, and schema.dump.txt holds the whole definition (ADR 061).
DROP INDEX "leads_cliente_status_idx";--> statement-breakpoint
CREATE INDEX "leads_cliente_status_idx" ON "leads" USING btree ("cliente_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "evento_id", "primeiro_contato_em", "motivo_perda") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_vendedor_status_idx";--> statement-breakpoint
CREATE INDEX "leads_vendedor_status_idx" ON "leads" USING btree ("vendedor_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "micro_franquia_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_micro_franquia_status_idx";--> statement-breakpoint
CREATE INDEX "leads_micro_franquia_status_idx" ON "leads" USING btree ("micro_franquia_id","status","created_at","id") INCLUDE ("franqueador_id", "franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_franquia_status_idx";--> statement-breakpoint
CREATE INDEX "leads_franquia_status_idx" ON "leads" USING btree ("franquia_id","status","created_at","id") INCLUDE ("franqueador_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda") WHERE "leads"."status" <> 'novo';--> statement-breakpoint
DROP INDEX "leads_franqueador_status_idx";--> statement-breakpoint
CREATE INDEX "leads_franqueador_status_idx" ON "leads" USING btree ("franqueador_id","status","created_at","id") INCLUDE ("franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id", "primeiro_contato_em", "motivo_perda") WHERE "leads"."status" <> 'novo';
