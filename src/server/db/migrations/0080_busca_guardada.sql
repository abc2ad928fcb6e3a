-- Issue 46 (ADR 133): the text q= searches in leads, pré-matrículas and matrículas, stored on the row as `busca` and
-- written by PostgreSQL with it, its trigram index built on the column. A search read it as an expression, computing
-- f_unaccent(lower(...)) again at each row it tested: over half the cost of a broad search's walk (ADR 131). Adding
-- a stored column rewrites each table under its lock (the leads keep their fillfactor); the indexes are built again.
DROP INDEX "leads_busca_trgm_idx";--> statement-breakpoint
DROP INDEX "matriculas_busca_trgm_idx";--> statement-breakpoint
DROP INDEX "pre_matriculas_busca_trgm_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(nome_aluno || ' ' || nome_responsavel || ' ' || email || ' ' || telefone))) STORED;--> statement-breakpoint
ALTER TABLE "matriculas" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(nome || ' ' || email || ' ' || coalesce(curso_interesse, '') || ' ' || coalesce(telefone, '')))) STORED;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "busca" text GENERATED ALWAYS AS (f_unaccent(lower(nome || ' ' || coalesce(nome_aluno, '') || ' ' || coalesce(nome_responsavel, '') || ' ' || email || ' ' || coalesce(curso_interesse, '') || ' ' || coalesce(telefone, '')))) STORED;--> statement-breakpoint
CREATE INDEX "leads_busca_trgm_idx" ON "leads" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matriculas_busca_trgm_idx" ON "matriculas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pre_matriculas_busca_trgm_idx" ON "pre_matriculas" USING gin ("busca" gin_trgm_ops);