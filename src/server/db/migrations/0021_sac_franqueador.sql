-- Issue 19: the franqueador's ticket scope was an OR of three subqueries (its own tickets, its franquias', its
-- micro-franquias'), planned anew on every request: about 2 ms of planning per list query, and the late-ticket
-- list missed p99 <= 50 ms at 16 connections. Each ticket now carries the network it belongs to, set on insert
-- from the franquia it names (a micro-franquia's ticket names its franquia too) or else from the requester (the
-- franqueador's own tickets), and the scope is one equality served by one index.
ALTER TABLE "sac_tickets" ADD COLUMN "franqueador_id" uuid REFERENCES "franqueadores"("id");--> statement-breakpoint
UPDATE "sac_tickets" t SET "franqueador_id" = coalesce(
  (select f."franqueador_id" from "franquias" f where f."id" = t."franquia_id"),
  (select f."franqueador_id" from "micro_franquias" m join "franquias" f on f."id" = m."franquia_id" where m."id" = t."micro_franquia_id"),
  (select u."franqueador_id" from "users" u where u."id" = t."solicitante_id")
);--> statement-breakpoint
CREATE FUNCTION sac_ticket_franqueador() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.franqueador_id := coalesce(
    (select f.franqueador_id from franquias f where f.id = NEW.franquia_id),
    (select f.franqueador_id from micro_franquias m join franquias f on f.id = m.franquia_id where m.id = NEW.micro_franquia_id),
    (select u.franqueador_id from users u where u.id = NEW.solicitante_id)
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER sac_tickets_franqueador BEFORE INSERT ON "sac_tickets" FOR EACH ROW EXECUTE FUNCTION sac_ticket_franqueador();--> statement-breakpoint
CREATE INDEX "sac_tickets_franqueador_id_created_at_idx" ON "sac_tickets" ("franqueador_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- The open tickets in the list's order, with what decides lateness: the late list (atrasados=true) walks it and
-- stops at its page, and counts from the index alone.
CREATE INDEX "sac_tickets_franqueador_abertos_idx" ON "sac_tickets" ("franqueador_id", "created_at" DESC, "id" DESC) INCLUDE ("resolucao_ate", "primeira_resposta_ate", "primeira_resposta_em") WHERE "status" = 'em_andamento';--> statement-breakpoint
ANALYZE "sac_tickets";
