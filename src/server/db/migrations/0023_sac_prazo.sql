-- Issue 19: a ticket is late when it is open and past the earliest deadline still pending -- the first response
-- while none was given, else the resolution. That deadline is now a column of its own, computed by PostgreSQL
-- from the two it comes from, so lateness is one comparison an index can carry. The franqueador's open tickets in
-- list order carry it (INCLUDE): the late list picks its page's keys and counts its total from that index alone,
-- without reading a ticket it does not show. One partial index on the deadline replaces migration 0017's two.
ALTER TABLE "sac_tickets" ADD COLUMN "prazo_ate" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN "primeira_resposta_em" IS NULL THEN least("primeira_resposta_ate", "resolucao_ate") ELSE "resolucao_ate" END) STORED;--> statement-breakpoint
DROP INDEX "sac_tickets_franqueador_abertos_idx";--> statement-breakpoint
CREATE INDEX "sac_tickets_franqueador_abertos_idx" ON "sac_tickets" ("franqueador_id", "created_at" DESC, "id" DESC) INCLUDE ("prazo_ate") WHERE "status" = 'em_andamento';--> statement-breakpoint
DROP INDEX "sac_tickets_resolucao_ate_idx";--> statement-breakpoint
DROP INDEX "sac_tickets_primeira_resposta_ate_idx";--> statement-breakpoint
CREATE INDEX "sac_tickets_prazo_ate_idx" ON "sac_tickets" ("prazo_ate") WHERE "status" = 'em_andamento';--> statement-breakpoint
ANALYZE "sac_tickets";
