-- Issue 46 (ADR 161): the audit trail filtered by an action or an entity, for a franquia or a micro-franquia, read
-- the level's rows from the table to compare them: 760,000 rows of the largest franquia on the benchmark's trail,
-- its count of 10,001 'cliente.editar' a parallel scan of the table (100 ms). Each level's index, newest first, now
-- carries the row's action and entity, so the filtered count, page and deep page are read from the index alone.
-- drizzle's index builder has no INCLUDE: schema.ts declares the keys, schema.dump.txt the whole definition (ADR 061).
DROP INDEX "audit_log_franqueador_em_idx";--> statement-breakpoint
CREATE INDEX "audit_log_franqueador_em_idx" ON "audit_log" USING btree ("franqueador_id","em","id") INCLUDE ("acao", "entidade");--> statement-breakpoint
DROP INDEX "audit_log_franquia_em_idx";--> statement-breakpoint
CREATE INDEX "audit_log_franquia_em_idx" ON "audit_log" USING btree ("franquia_id","em","id") INCLUDE ("acao", "entidade") WHERE "audit_log"."franquia_id" is not null;--> statement-breakpoint
DROP INDEX "audit_log_micro_franquia_em_idx";--> statement-breakpoint
CREATE INDEX "audit_log_micro_franquia_em_idx" ON "audit_log" USING btree ("micro_franquia_id","em","id") INCLUDE ("acao", "entidade") WHERE "audit_log"."micro_franquia_id" is not null;
