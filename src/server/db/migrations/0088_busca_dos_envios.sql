-- Issue 46 (ADR 155): Envios' free-text search and its type filter from indexes. The search unaccented the summary
-- and the recipient of every envio the network ever sent (half a million e-mails: 1.6-2.5 s a search), and a type
-- the network sends rarely (its webhooks) was found by walking all its e-mails newest first. The search text is
-- stored on the row like the leads' (ADR 133), one line for the summary and one for the recipient.
ALTER TABLE "jobs" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(resumo, '') || chr(10) || coalesce(destino, '')))) STORED;--> statement-breakpoint
CREATE INDEX "jobs_envios_tipo_idx" ON "jobs" USING btree ("franqueador_id","tipo","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "jobs"."tipo" in ('email', 'webhook', 'whatsapp');--> statement-breakpoint
CREATE INDEX "jobs_busca_trgm_idx" ON "jobs" USING gin ("busca" gin_trgm_ops) WHERE "jobs"."tipo" in ('email', 'webhook', 'whatsapp');
