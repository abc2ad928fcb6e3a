-- Issue 46: Envios lists the e-mails, webhooks and WhatsApp notices a network shares with another
-- (`outras_redes`), and the index that finds them named only e-mails and webhooks (migration 0034, before issue
-- 47's WhatsApp): the list's predicate did not imply it, and its shared branch read every job of the table.
DROP INDEX IF EXISTS "jobs_outras_redes_idx";--> statement-breakpoint
CREATE INDEX "jobs_outras_redes_idx" ON "jobs" USING gin ("outras_redes") WHERE "tipo" IN ('email', 'webhook', 'whatsapp') AND "outras_redes" IS NOT NULL;
