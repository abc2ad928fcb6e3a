-- Issue 51 (ADR 087): Envios searches by exact recipient. Each e-mail's job keeps the SHA-256 of its trimmed,
-- lower-case address (never the address itself once delivered); the search hashes what the operator typed and
-- compares, so only the whole address finds it. An anonymisation clears it with the rest of the titular's data.
ALTER TABLE "jobs" ADD COLUMN "destino_chave" text;--> statement-breakpoint
CREATE INDEX "jobs_destino_chave_idx" ON "jobs" USING btree ("destino_chave") WHERE "jobs"."destino_chave" is not null;