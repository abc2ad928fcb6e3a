-- Issue 46: the waiting list of a scope (listaEspera=sim) newest first, one small partial index per scope column: the
-- filter's page and its count read a scope's few waiting rows instead of every lead of the scope (a seq scan of a
-- million leads per request). IF NOT EXISTS: a bench database may hold them already.
CREATE INDEX IF NOT EXISTS "leads_cliente_espera_idx" ON "leads" USING btree ("cliente_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_vendedor_espera_idx" ON "leads" USING btree ("vendedor_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_micro_franquia_espera_idx" ON "leads" USING btree ("micro_franquia_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_franquia_espera_idx" ON "leads" USING btree ("franquia_id","created_at","id") WHERE "leads"."lista_espera";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_franqueador_espera_idx" ON "leads" USING btree ("franqueador_id","created_at","id") WHERE "leads"."lista_espera";