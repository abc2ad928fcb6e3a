-- Folds up to `lote` pending rows into the counters and answers how many it took (fewer than `lote`: none is
-- left): leads and presences summed per path prefix and day into funnel_dia, per month into funnel_mes, and leads
-- per node into scope_counts, all on stripe 16, which no connection's own stripe (its pid modulo 16) is -- a fold
-- never waits on a writer's counter rows, nor a writer on its. Two folds at once take disjoint rows and touch the
-- counters in the same order. Issue 48: the rows of a lead that came with an origin are summed per source too, into
-- funnel_origem_dia and funnel_origem_mes.
-- Defined by migration 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_contagens_fold(lote integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  n integer;
BEGIN
  WITH gone AS (DELETE FROM "contagens_pendentes"
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM "contagens_pendentes" LIMIT "lote"))
    RETURNING "p", "d", "dl", "dx", "atribuida", "utm_source", "utm_campaign", "link", "link_vendedor_id"),
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
    ON CONFLICT ("scope_id", "stripe") DO UPDATE SET "leads" = s."leads" + EXCLUDED."leads"),
  fonte_dia AS (SELECT s.n, b."p"[1:s.n + 1] AS q, b."d", b."utm_source" AS fs, b."utm_campaign" AS fc, b."link" AS fk,
      b."link_vendedor_id" AS fv, sum(b."dl")::int AS dl, sum(b."dx")::int AS dx
    FROM gone b CROSS JOIN generate_series(0, 5) AS s(n) WHERE b."atribuida"
    GROUP BY s.n, b."p"[1:s.n + 1], b."d", b."utm_source", b."utm_campaign", b."link", b."link_vendedor_id"),
  origem_dia AS (
    INSERT INTO "funnel_origem_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
      "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe",
      "leads", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.d, 16,
      g.dl, g.dx
    FROM fonte_dia g WHERE g.dl <> 0 OR g.dx <> 0 ORDER BY g.n, 1, g.fs, g.fc, g.fk, g.fv, g.d
    ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe") DO UPDATE SET
      "leads" = f."leads" + EXCLUDED."leads", "presencas" = f."presencas" + EXCLUDED."presencas"),
  origem_mes AS (
    INSERT INTO "funnel_origem_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
      "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe",
      "leads", "presencas")
    SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.mes,
      16, g.dl, g.dx
    FROM (SELECT fonte_dia.n, fonte_dia.q, fonte_dia.fs, fonte_dia.fc, fonte_dia.fk, fonte_dia.fv,
        date_trunc('month', fonte_dia.d)::date AS mes, sum(fonte_dia.dl)::int AS dl, sum(fonte_dia.dx)::int AS dx
      FROM fonte_dia GROUP BY fonte_dia.n, fonte_dia.q, fonte_dia.fs, fonte_dia.fc, fonte_dia.fk, fonte_dia.fv,
        date_trunc('month', fonte_dia.d)) g
    WHERE g.dl <> 0 OR g.dx <> 0 ORDER BY g.n, 1, g.fs, g.fc, g.fk, g.fv, g.mes
    ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe") DO UPDATE SET
      "leads" = f."leads" + EXCLUDED."leads", "presencas" = f."presencas" + EXCLUDED."presencas")
  SELECT count(*)::int INTO n FROM gone;
  RETURN n;
END $function$;
