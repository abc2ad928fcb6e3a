-- Issue 46: the Cursos search (`f_unaccent(titulo) ilike f_unaccent('%q%')`) read every curso of the caller's scope and
-- took each title through unaccent: 130 ms of PostgreSQL for the franqueador's 20,000 cursos, whatever was searched. A
-- trigram index on the same expression finds the titles first; the scope then checks only those (IF NOT EXISTS: a
-- bench database may hold it already).
CREATE INDEX IF NOT EXISTS "cursos_titulo_unaccent_trgm_idx" ON "cursos" USING gin (f_unaccent("titulo") gin_trgm_ops);
