-- Issue 48: the counters per source (funnel_origem_dia, funnel_origem_mes) counted again from the rows themselves
-- that came with an origin -- a lead and a pré-matrícula by their own, a matrícula by its pré-matrícula's --, as
-- funnel_periodo_rebuild_contagens counts the funnel's: once per event, day and source, then rolled up the path.
-- Presences from the leads themselves (the pending ones are in them already); funnel_periodo_rebuild folds first.
-- Defined by migration 0066 (which runs it once); this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_origem_rebuild()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "funnel_origem_dia";
  DELETE FROM "funnel_origem_mes";
  CREATE TEMP TABLE "funnel_origem_base" ON COMMIT DROP AS
  SELECT x.p, x.d, x.fs, x.fc, x.fk, x.fv, sum(x.l)::int AS l, sum(x.pm)::int AS pm, sum(x.m)::int AS m,
    sum(x.x)::int AS x
  FROM (
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"] AS p,
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, "utm_source" AS fs, "utm_campaign" AS fc,
      "link_codigo" IS NOT NULL AS fk, "link_vendedor_id" AS fv, 1 AS l, 0 AS pm, 0 AS m,
      CASE WHEN "presente_em" IS NULL THEN 0 ELSE 1 END AS x
    FROM "leads"
    WHERE coalesce("utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "link_codigo") IS NOT NULL
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, "utm_source", "utm_campaign", "link_codigo" IS NOT NULL,
      "link_vendedor_id", 0, 1, 0, 0
    FROM "pre_matriculas"
    WHERE coalesce("utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "link_codigo") IS NOT NULL
    UNION ALL
    SELECT ARRAY[y."franqueador_id", y."franquia_id", y."micro_franquia_id", y."vendedor_id", y."cliente_id", y."evento_id"],
      (y."efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, z."utm_source", z."utm_campaign",
      z."link_codigo" IS NOT NULL, z."link_vendedor_id", 0, 0, 1, 0
    FROM "matriculas" y JOIN "pre_matriculas" z ON z."id" = y."pre_matricula_id"
    WHERE coalesce(z."utm_source", z."utm_medium", z."utm_campaign", z."utm_content", z."utm_term", z."link_codigo") IS NOT NULL
  ) x GROUP BY x.p, x.d, x.fs, x.fc, x.fk, x.fv;
  INSERT INTO "funnel_origem_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe", "leads",
    "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.d, 0,
    g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, b.fs, b.fc, b.fk, b.fv, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m,
      sum(b.x) AS x
    FROM "funnel_origem_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], b.d, b.fs, b.fc, b.fk, b.fv) g
  ORDER BY g.n, g.d;
  INSERT INTO "funnel_origem_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe", "leads",
    "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.fs, g.fc, g.fk, g.fv, g.mes, 0,
    g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, date_trunc('month', b.d)::date AS mes, b.fs, b.fc, b.fk, b.fv, sum(b.l) AS l,
      sum(b.pm) AS pm, sum(b.m) AS m, sum(b.x) AS x
    FROM "funnel_origem_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], date_trunc('month', b.d), b.fs, b.fc, b.fk, b.fv) g
  ORDER BY g.n, g.mes;
  DROP TABLE "funnel_origem_base";
END $function$;
