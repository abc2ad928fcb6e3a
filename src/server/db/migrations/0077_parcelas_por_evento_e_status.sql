-- Issue 46: the Parcelas list filtered the way staff chase a default, measured on the bench network (1,000,000
-- parcelas). Ordered by due date, newest first, a filter the scope's index could not answer was read past every
-- row before it:
-- - an event whose parcelas fell due long ago: the franqueador's list walked 700,000 rows of its scope (1.8 s); the
--   event's index now carries the list's order and replaces the event's plain one (0.4 ms);
-- - a status ('Vencida', 'Paga') for the franqueador and the largest franquia: every open parcela still to fall due
--   came first (1.3-1.6 s; 0.1-0.28 s); one index per scope leading with the status (7 ms).
DROP INDEX IF EXISTS "parcelas_evento_id_idx";--> statement-breakpoint
CREATE INDEX "parcelas_evento_vencimento_idx" ON "parcelas" USING btree ("evento_id","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_franquia_status_vencimento_idx" ON "parcelas" USING btree ("franquia_id","status","vencimento","id");--> statement-breakpoint
CREATE INDEX "parcelas_franqueador_status_vencimento_idx" ON "parcelas" USING btree ("franqueador_id","status","vencimento","id");