-- Issue 20 (ADR 042): a check-in at the door added its presence to twelve counter rows (six levels of the tree, day
-- and month) inside the family's request -- about 1 ms of the database's time of the 1.8 ms a check-in took, and the
-- difference between a p99 of 55 ms and the 30 the door needs. The presence is now written to this small table in
-- the check-in's transaction (one row, no index) and folded into funnel_dia and funnel_mes by the job worker on its
-- next round (every second), many check-ins at a time. Whoever reads presences sees them all the same: the event's
-- card adds the event's pending rows, and Relatórios folds them in before it reads (funnel_presencas_fold).
CREATE TABLE "presencas_pendentes" (
  "p" uuid[] NOT NULL,
  "d" date NOT NULL,
  "dx" integer NOT NULL,
  "evento_id" uuid NOT NULL
);--> statement-breakpoint
-- The event's card adds its pending presences.
CREATE INDEX "presencas_pendentes_evento_idx" ON "presencas_pendentes" ("evento_id");--> statement-breakpoint
-- The worker vacuums the table after each fold (its rows live a second). A vacuum that gives the emptied pages back
-- to the file system would take a lock no check-in can write under: it keeps them, to be filled again.
ALTER TABLE "presencas_pendentes" SET (vacuum_truncate = false);--> statement-breakpoint

CREATE OR REPLACE FUNCTION "funnel_presenca_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."presente_em" IS NOT NULL THEN
    INSERT INTO "presencas_pendentes" ("p", "d", "dx", "evento_id") VALUES (
      ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"],
      (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, -1, OLD."evento_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."presente_em" IS NOT NULL THEN
    INSERT INTO "presencas_pendentes" ("p", "d", "dx", "evento_id") VALUES (
      ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
      (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- Folds up to `lote` pending presences into the counters, summed per path and day first, and answers how many it
-- took (fewer than `lote`: none is left). A fold of a few hundred is a few milliseconds of the database's time, so
-- a round of many check-ins is folded in short steps rather than one long one. It writes on stripe 16, which no connection's own stripe (its pid modulo 16) is: a fold never waits on
-- a sign-up's counter rows, nor a sign-up on its. Two folds at once take disjoint rows (a row deleted by one is
-- skipped by the other) and touch the counters in the same order (level, then key).
CREATE FUNCTION "funnel_presencas_fold"("lote" integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH gone AS (DELETE FROM "presencas_pendentes"
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM "presencas_pendentes" LIMIT "lote")) RETURNING "p", "d", "dx"),
  por_dia AS (SELECT s.n, b."p"[1:s.n + 1] AS q, b."d", sum(b."dx")::int AS dx
    FROM gone b CROSS JOIN generate_series(0, 5) AS s(n) GROUP BY s.n, b."p"[1:s.n + 1], b."d"),
  dia AS (
    INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
      "cliente_id", "evento_id", "dia", "stripe", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 16, g.dx
    FROM por_dia g WHERE g.dx <> 0 ORDER BY g.n, 1
    ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas"),
  mes AS (
    INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
      "cliente_id", "evento_id", "mes", "stripe", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.mes, 16, g.dx
    FROM (SELECT por_dia.n, por_dia.q, date_trunc('month', por_dia.d)::date AS mes, sum(por_dia.dx)::int AS dx
      FROM por_dia GROUP BY por_dia.n, por_dia.q, date_trunc('month', por_dia.d)) g
    WHERE g.dx <> 0 ORDER BY g.n, 1
    ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas")
  SELECT count(*)::int INTO n FROM gone;
  RETURN n;
END $$;--> statement-breakpoint

-- The rebuild counts presences from the leads themselves: the pending ones are in it already.
ALTER FUNCTION "funnel_periodo_rebuild"() RENAME TO "funnel_periodo_rebuild_contagens";--> statement-breakpoint
CREATE FUNCTION "funnel_periodo_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "presencas_pendentes";
  PERFORM "funnel_periodo_rebuild_contagens"();
END $$;
