-- Issue 46: the planner told that a row's scope path is one path. Leads, pré-matrículas, matrículas, eventos and parcelas
-- carry their whole path (cliente, vendedor, micro-franquia, franquia, franqueador); PostgreSQL took the five columns as
-- independent, so a cliente's list filtered by its own micro-franquia was estimated at 431 rows instead of 20,462, read
-- by a BitmapAnd and sorted whole (462 ms) instead of walking the cliente's index (0.13 ms). Functional-dependency
-- statistics let it multiply the right selectivities (IF NOT EXISTS: a bench database may hold them already).
CREATE STATISTICS IF NOT EXISTS "leads_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "leads";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "pre_matriculas_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "pre_matriculas";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "matriculas_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "matriculas";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "eventos_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "eventos";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "parcelas_caminho_dep" (dependencies) ON "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id" FROM "parcelas";--> statement-breakpoint
ANALYZE "leads", "pre_matriculas", "matriculas", "eventos", "parcelas";
