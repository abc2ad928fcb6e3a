-- Issue 46: two lists of a scope read from indexes of their own (IF NOT EXISTS: a bench database may hold them already).
-- The 'proximos' order of Eventos: per scope column, (data_evento, created_at desc, id), so a deep page skips index
-- entries instead of sorting every upcoming event of the network. The waiting list (listaEspera=sim): per scope
-- column, partial on lista_espera, so its page and count read a scope's few waiting rows instead of a seq scan of
-- every lead; a sign-up with a seat adds no entry.
CREATE INDEX IF NOT EXISTS "eventos_cliente_data_evento_idx" ON "eventos" USING btree ("cliente_id","data_evento","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eventos_micro_franquia_data_evento_idx" ON "eventos" USING btree ("micro_franquia_id","data_evento","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eventos_vendedor_data_evento_idx" ON "eventos" USING btree ("vendedor_id","data_evento","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eventos_franquia_data_evento_idx" ON "eventos" USING btree ("franquia_id","data_evento","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "eventos_franqueador_data_evento_idx" ON "eventos" USING btree ("franqueador_id","data_evento","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_cliente_espera_idx" ON "leads" USING btree ("cliente_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_vendedor_espera_idx" ON "leads" USING btree ("vendedor_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_micro_franquia_espera_idx" ON "leads" USING btree ("micro_franquia_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_franquia_espera_idx" ON "leads" USING btree ("franquia_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_franqueador_espera_idx" ON "leads" USING btree ("franqueador_id","created_at","id") WHERE "leads"."lista_espera";