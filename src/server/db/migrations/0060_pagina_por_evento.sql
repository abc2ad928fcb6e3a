-- Issue 46 (ADR 102): a place's rows (estado, cidade) are found by their events; with `id` in each event's index
-- the page's keys and the count read the index alone.
DROP INDEX "leads_evento_id_created_at_idx";--> statement-breakpoint
DROP INDEX "matriculas_evento_id_created_at_idx";--> statement-breakpoint
DROP INDEX "pre_matriculas_evento_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "leads_evento_id_created_at_idx" ON "leads" USING btree ("evento_id","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_evento_id_created_at_idx" ON "matriculas" USING btree ("evento_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pre_matriculas_evento_id_created_at_idx" ON "pre_matriculas" USING btree ("evento_id","created_at","id");