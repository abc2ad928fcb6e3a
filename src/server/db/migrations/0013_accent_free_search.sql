-- Issue 23: searches ignore accents and case ('conceicao' finds 'Conceição'). unaccent() is only STABLE (its
-- dictionary could change), so an index expression cannot use it; f_unaccent pins the dictionary and is IMMUTABLE.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX "leads_busca_trgm_idx";--> statement-breakpoint
CREATE INDEX "leads_busca_trgm_idx" ON "leads" USING gin (f_unaccent(lower("nome_aluno" || ' ' || "nome_responsavel" || ' ' || "email" || ' ' || "telefone")) gin_trgm_ops);