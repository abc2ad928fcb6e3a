-- Issue 46 (migration 0075): the courses' scope path told to the planner as one path, as migration 0074 did for the
-- other tables that carry it, and the new columns' statistics gathered at once. Before its first ANALYZE, a
-- franqueador's search (q=) was estimated at 100 courses of its 20,000 and read them all by the scope's index,
-- testing each title (150 ms), instead of the few the titles' trigram index finds (2 ms).
CREATE STATISTICS IF NOT EXISTS "cursos_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "cursos";--> statement-breakpoint
ANALYZE "cursos";
