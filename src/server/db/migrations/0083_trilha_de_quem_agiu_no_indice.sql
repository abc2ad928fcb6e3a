-- Issue 46 (ADR 139): the audit trail searched by who acted reads the trail of the people the search names. Their
-- rows were read from the table to compare the caller's level, the action and the entity: 7,600 rows of 19 people
-- for 'Oliveira' on the benchmark's trail, each a page of the table. The person's index now carries the row's id, its
-- action, its entity and its three levels, so the rows, their count and their order are read from the index alone.
-- drizzle's index builder has no INCLUDE: schema.ts declares the keys, schema.dump.txt the whole definition (ADR 061).
DROP INDEX "audit_log_usuario_id_em_idx";--> statement-breakpoint
CREATE INDEX "audit_log_usuario_id_em_idx" ON "audit_log" USING btree ("usuario_id","em","id") INCLUDE ("acao", "entidade", "franqueador_id", "franquia_id", "micro_franquia_id");
