-- Issue 39 (items 1 and 4): a job knows the record that caused it and every network it belongs to, so that no
-- e-mail or webhook is ever tied to a network, or reached by an anonymisation, through the address it goes to.
-- `registro_id`: the lead, pre-matrícula, matrícula, account, request or ticket it is about. `outras_redes`: the
-- networks besides `franqueador_id` whose 'Envios' list it (an aluno enrolled in several networks).
ALTER TABLE "jobs" ADD COLUMN "registro_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "outras_redes" uuid[];--> statement-breakpoint
CREATE INDEX "jobs_registro_idx" ON "jobs" ("registro_id") WHERE "payload" IS NOT NULL AND "registro_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_outras_redes_idx" ON "jobs" USING gin ("outras_redes") WHERE "tipo" IN ('email', 'webhook') AND "outras_redes" IS NOT NULL;--> statement-breakpoint
-- The undelivered ones written before: a delivery's record is its body's `dados.id`; a voucher's, the lead of its
-- event with its address.
UPDATE "jobs" SET "registro_id" = (("payload"->>'corpo')::jsonb #>> '{dados,id}')::uuid
  WHERE "tipo" = 'webhook' AND "payload" IS NOT NULL
    AND ("payload"->>'corpo')::jsonb #>> '{dados,id}' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
UPDATE "jobs" j SET "registro_id" = l."id", "franqueador_id" = l."franqueador_id"
  FROM "leads" l
  WHERE j."tipo" = 'email' AND j."payload" IS NOT NULL AND j."payload"->>'modelo' = 'voucher'
    AND l."evento_id"::text = j."payload" #>> '{dados,evento,id}' AND lower(l."email") = lower(j."payload"->>'to');
