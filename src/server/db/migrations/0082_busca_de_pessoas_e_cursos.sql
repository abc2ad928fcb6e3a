-- Issue 46 (ADR 138): the text a search for a person or a course compares, stored on the row like the leads'
-- (ADR 133). The audit trail's 'who acted', the Usuários and SAC searches read users.busca; the Cursos search reads
-- cursos.busca. Each replaces an index on an expression whose every candidate was unaccented again to be confirmed,
-- and the e-mail's index, which f_unaccent(email) could not use.
DROP INDEX "users_nome_unaccent_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "cursos_titulo_unaccent_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(nome, '') || ' ' || email))) STORED;--> statement-breakpoint
ALTER TABLE "cursos" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(titulo))) STORED;--> statement-breakpoint
CREATE INDEX "users_busca_trgm_idx" ON "users" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cursos_busca_trgm_idx" ON "cursos" USING gin ("busca" gin_trgm_ops);
