-- Issue 21: the audit trail's search names who acted, by name without accents or by e-mail (issue 23). It read
-- every user to find them (14-19 ms for the benchmark's 7,551 users, more at a network's full size) on each
-- request. Trigram indexes on exactly the two expressions the search compares (lib/pagination.ts:
-- containsIgnoringAccents, and ilike on the e-mail) find them through the index.
CREATE INDEX "users_nome_unaccent_trgm_idx" ON "users" USING gin (f_unaccent("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
