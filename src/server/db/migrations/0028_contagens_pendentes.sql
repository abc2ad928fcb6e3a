-- Issue 20 (ADR 043): a public sign-up added its lead to eighteen counter rows inside the family's request -- the
-- six nodes of its path in scope_counts and six levels of funnel_dia and funnel_mes -- about 1.8 ms of the
-- database's time a sign-up, most of it waiting on another sign-up's row of the same stripe. The lead is now
-- written, like a presence (migration 0027, ADR 042), to one pending row, folded by the job worker's next round
-- (every second) many at a time. The pending table holds both: `dl` a lead (+1), `dx` a presence (+1 or -1).
-- Whoever reads the counters sees every sign-up already answered: the scope totals add their pending leads
-- (funnel/counts.ts), the event's card its pending presences, and Relatórios folds before it reads.
ALTER TABLE "presencas_pendentes" RENAME TO "contagens_pendentes";--> statement-breakpoint
ALTER INDEX "presencas_pendentes_evento_idx" RENAME TO "contagens_pendentes_evento_idx";--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ALTER COLUMN "dx" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "contagens_pendentes" ADD COLUMN "dl" integer DEFAULT 0 NOT NULL;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "funnel_presenca_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."presente_em" IS NOT NULL THEN
    INSERT INTO "contagens_pendentes" ("p", "d", "dx", "evento_id") VALUES (
      ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."evento_id"],
      (OLD."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, -1, OLD."evento_id");
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."presente_em" IS NOT NULL THEN
    INSERT INTO "contagens_pendentes" ("p", "d", "dx", "evento_id") VALUES (
      ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
      (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

-- A new lead waits in one pending row, written by a trigger of its own; every other change (a removal, a move, a
-- pré-matrícula, a matrícula) still counts at once through funnel_count, unchanged. The sums stay exact: a lead
-- removed before its fold makes its counters -1 for a second, and its pending +1 makes up for it.
CREATE FUNCTION "lead_pendente"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contagens_pendentes" ("p", "d", "dl", "evento_id") VALUES (
    ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."evento_id"],
    (NEW."created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 1, NEW."evento_id");
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "leads_count_insert_delete" ON "leads";--> statement-breakpoint
CREATE TRIGGER "leads_count_insert" AFTER INSERT ON "leads" FOR EACH ROW EXECUTE FUNCTION "lead_pendente"();--> statement-breakpoint
CREATE TRIGGER "leads_count_delete" AFTER DELETE ON "leads" FOR EACH ROW EXECUTE FUNCTION "funnel_count"();--> statement-breakpoint

-- Folds up to `lote` pending rows into the counters and answers how many it took (fewer than `lote`: none is
-- left): leads and presences summed per path prefix and day into funnel_dia, per month into funnel_mes, and leads
-- per node into scope_counts, all on stripe 16, which no connection's own stripe (its pid modulo 16) is -- a fold
-- never waits on a writer's counter rows, nor a writer on its. Two folds at once take disjoint rows and touch the
-- counters in the same order.
CREATE FUNCTION "funnel_contagens_fold"("lote" integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH gone AS (DELETE FROM "contagens_pendentes"
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM "contagens_pendentes" LIMIT "lote")) RETURNING "p", "d", "dl", "dx"),
  por_dia AS (SELECT s.n, b."p"[1:s.n + 1] AS q, b."d", sum(b."dl")::int AS dl, sum(b."dx")::int AS dx
    FROM gone b CROSS JOIN generate_series(0, 5) AS s(n) GROUP BY s.n, b."p"[1:s.n + 1], b."d"),
  dia AS (
    INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
      "cliente_id", "evento_id", "dia", "stripe", "leads", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 16, g.dl, g.dx
    FROM por_dia g WHERE g.dl <> 0 OR g.dx <> 0 ORDER BY g.n, 1
    ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "leads" = f."leads" + EXCLUDED."leads",
      "presencas" = f."presencas" + EXCLUDED."presencas"),
  mes AS (
    INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
      "cliente_id", "evento_id", "mes", "stripe", "leads", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.mes, 16, g.dl, g.dx
    FROM (SELECT por_dia.n, por_dia.q, date_trunc('month', por_dia.d)::date AS mes, sum(por_dia.dl)::int AS dl,
        sum(por_dia.dx)::int AS dx
      FROM por_dia GROUP BY por_dia.n, por_dia.q, date_trunc('month', por_dia.d)) g
    WHERE g.dl <> 0 OR g.dx <> 0 ORDER BY g.n, 1
    ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "leads" = f."leads" + EXCLUDED."leads",
      "presencas" = f."presencas" + EXCLUDED."presencas"),
  escopo AS (
    INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "leads")
    SELECT x.id, 16, sum(x.dl)::int FROM (SELECT unnest(b."p") AS id, b."dl" FROM gone b WHERE b."dl" <> 0) x
    WHERE x.id IS NOT NULL GROUP BY x.id HAVING sum(x.dl) <> 0 ORDER BY x.id
    ON CONFLICT ("scope_id", "stripe") DO UPDATE SET "leads" = s."leads" + EXCLUDED."leads")
  SELECT count(*)::int INTO n FROM gone;
  RETURN n;
END $$;--> statement-breakpoint
DROP FUNCTION "funnel_presencas_fold"(integer);--> statement-breakpoint

-- The rebuilds count from the rows themselves; what is pending is folded first, so the counter a rebuild does not
-- write (scope_counts for the funnel's, the funnel's for scope_counts) gets it too.
CREATE OR REPLACE FUNCTION "funnel_periodo_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "funnel_contagens_fold"(2147483647);
  PERFORM "funnel_periodo_rebuild_contagens"();
END $$;--> statement-breakpoint
ALTER FUNCTION "scope_counts_rebuild"() RENAME TO "scope_counts_rebuild_contagens";--> statement-breakpoint
CREATE FUNCTION "scope_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "funnel_contagens_fold"(2147483647);
  PERFORM "scope_counts_rebuild_contagens"();
END $$;
