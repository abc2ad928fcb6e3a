-- Issue 48 (ADR 107's later part): the events' costs per node, day and month (evento_custos_dia, evento_custos_mes),
-- kept by triggers on evento_custos (a cost added, changed or removed) and on eventos (an event's day or place in the
-- tree changed), as the funnel's counters and parcelas_pagas_mes are kept: Relatórios' cost totals read a period's few
-- rows of a node instead of joining the period's events to every cost. Counted once from the existing costs.
CREATE TABLE "evento_custos_dia" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"evento_id" uuid,
	"dia" date NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "evento_custos_dia_chave_dia_stripe_pk" PRIMARY KEY("chave","dia","stripe")
);
--> statement-breakpoint
CREATE TABLE "evento_custos_mes" (
	"chave" uuid NOT NULL,
	"nivel" smallint NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"micro_franquia_id" uuid,
	"vendedor_id" uuid,
	"cliente_id" uuid,
	"evento_id" uuid,
	"mes" date NOT NULL,
	"stripe" smallint NOT NULL,
	"valor_centavos" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "evento_custos_mes_chave_mes_stripe_pk" PRIMARY KEY("chave","mes","stripe")
);
--> statement-breakpoint
CREATE INDEX "evento_custos_dia_franqueador_idx" ON "evento_custos_dia" USING btree ("franqueador_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_dia_franquia_idx" ON "evento_custos_dia" USING btree ("franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_dia_micro_franquia_idx" ON "evento_custos_dia" USING btree ("micro_franquia_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_dia_vendedor_idx" ON "evento_custos_dia" USING btree ("vendedor_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_dia_cliente_idx" ON "evento_custos_dia" USING btree ("cliente_id","nivel","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_dia_evento_idx" ON "evento_custos_dia" USING btree ("evento_id","dia");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_franqueador_idx" ON "evento_custos_mes" USING btree ("franqueador_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_franquia_idx" ON "evento_custos_mes" USING btree ("franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_micro_franquia_idx" ON "evento_custos_mes" USING btree ("micro_franquia_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_vendedor_idx" ON "evento_custos_mes" USING btree ("vendedor_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_cliente_idx" ON "evento_custos_mes" USING btree ("cliente_id","nivel","mes");--> statement-breakpoint
CREATE INDEX "evento_custos_mes_evento_idx" ON "evento_custos_mes" USING btree ("evento_id","mes");--> statement-breakpoint
ALTER TABLE "evento_custos_dia" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "evento_custos_mes" SET (fillfactor = 70);--> statement-breakpoint
CREATE FUNCTION public.evento_custos_add(p uuid[], d date, dv bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "evento_custos_dia" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "dia", "stripe", "valor_centavos")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dv"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos";
  INSERT INTO "evento_custos_mes" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "mes", "stripe", "valor_centavos")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dv"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos";
END
$function$;--> statement-breakpoint
CREATE FUNCTION public.evento_custos_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  e record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "id", "data_evento"
      INTO e FROM "eventos" WHERE "id" = OLD."evento_id" FOR SHARE;
    IF FOUND THEN
      PERFORM "evento_custos_add"(ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"],
        e."data_evento", -OLD."valor_centavos"::bigint);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "id", "data_evento"
      INTO e FROM "eventos" WHERE "id" = NEW."evento_id" FOR SHARE;
    IF FOUND THEN
      PERFORM "evento_custos_add"(ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"],
        e."data_evento", NEW."valor_centavos"::bigint);
    END IF;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.eventos_custos_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  total bigint;
BEGIN
  SELECT sum("valor_centavos") INTO total FROM "evento_custos" WHERE "evento_id" = NEW."id";
  IF total IS NOT NULL THEN
    PERFORM "evento_custos_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."id"],
      OLD."data_evento", -total);
    PERFORM "evento_custos_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."id"],
      NEW."data_evento", total);
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.evento_custos_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "evento_custos_dia";
  DELETE FROM "evento_custos_mes";
  INSERT INTO "evento_custos_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "dia", "stripe", "valor_centavos")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 0, g.v
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, sum(b.v) AS v
    FROM (SELECT ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"] AS p,
        e."data_evento" AS d, sum(c."valor_centavos")::bigint AS v
      FROM "evento_custos" c JOIN "eventos" e ON e."id" = c."evento_id"
      GROUP BY 1, 2) b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], b.d) g
  ORDER BY g.n, g.d;
  INSERT INTO "evento_custos_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "mes", "stripe", "valor_centavos")
  SELECT "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    "evento_id", date_trunc('month', "dia")::date, 0, sum("valor_centavos")
  FROM "evento_custos_dia"
  GROUP BY "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    "evento_id", date_trunc('month', "dia")
  ORDER BY "nivel", 9
$function$;--> statement-breakpoint
-- A cost counts when it is entered and stops counting when it is removed; a change of its value or event moves it.
CREATE TRIGGER "evento_custos_count" AFTER INSERT OR DELETE ON "evento_custos" FOR EACH ROW
  EXECUTE FUNCTION "evento_custos_count"();--> statement-breakpoint
CREATE TRIGGER "evento_custos_count_update" AFTER UPDATE ON "evento_custos" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."valor_centavos") IS DISTINCT FROM (NEW."evento_id", NEW."valor_centavos"))
  EXECUTE FUNCTION "evento_custos_count"();--> statement-breakpoint
-- An event moved in the tree (its cliente or micro-franquia, or theirs: the path triggers copy them) or to another day
-- takes its costs with it.
CREATE TRIGGER "eventos_custos_move" AFTER UPDATE ON "eventos" FOR EACH ROW
  WHEN ((OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."data_evento")
    IS DISTINCT FROM (NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."data_evento"))
  EXECUTE FUNCTION "eventos_custos_move"();--> statement-breakpoint
-- Every cost already entered, counted once.
SELECT "evento_custos_rebuild"();--> statement-breakpoint
-- Their statistics at once: a page's groups are then read by their own index (the event's, the cliente's...), not by
-- every row of the caller's node.
ANALYZE "evento_custos_dia";--> statement-breakpoint
ANALYZE "evento_custos_mes";
