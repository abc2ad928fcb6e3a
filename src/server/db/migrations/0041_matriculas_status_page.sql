-- Issue 42: the matrículas list filtered by status (newest first) and its capped count, a range of one index per
-- scope the list is read by; measured before and after in ADR 064. The vendedor does not read matrículas.
CREATE INDEX "matriculas_cliente_status_page_idx" ON "matriculas" USING btree ("cliente_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_micro_franquia_status_page_idx" ON "matriculas" USING btree ("micro_franquia_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_franquia_status_page_idx" ON "matriculas" USING btree ("franquia_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "matriculas_franqueador_status_page_idx" ON "matriculas" USING btree ("franqueador_id","status","created_at","id");