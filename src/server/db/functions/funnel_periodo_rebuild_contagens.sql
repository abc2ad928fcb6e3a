-- The rebuild counts presences from the leads themselves: the pending ones are in it already. Issue 48: the
-- counters per source with them (funnel_origem_rebuild), and the events' costs per node and day (evento_custos_rebuild,
-- migration 0068).
-- Defined by migrations 0007, 0015 (as funnel_periodo_rebuild), renamed in 0027; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_periodo_rebuild_contagens()
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM "funnel_dia";
  DELETE FROM "funnel_mes";
  CREATE TEMP TABLE "funnel_rebuild_base" ON COMMIT DROP AS
  SELECT x.p, x.d, sum(x.l)::int AS l, sum(x.pm)::int AS pm, sum(x.m)::int AS m, sum(x.x)::int AS x
  FROM (
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"] AS p,
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date AS d, 1 AS l, 0 AS pm, 0 AS m,
      CASE WHEN "presente_em" IS NULL THEN 0 ELSE 1 END AS x FROM "leads"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("created_at" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 1, 0, 0 FROM "pre_matriculas"
    UNION ALL
    SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "evento_id"],
      ("efetivada_em" AT TIME ZONE 'America/Sao_Paulo')::date, 0, 0, 1, 0 FROM "matriculas"
  ) x GROUP BY x.p, x.d;
  INSERT INTO "funnel_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "leads", "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 0, g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m, sum(b.x) AS x
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n GROUP BY n, b.p[1:n + 1], b.d) g
  ORDER BY g.n, g.d;
  INSERT INTO "funnel_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "leads", "pre_matriculas", "matriculas", "presencas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.mes, 0, g.l, g.pm, g.m, g.x
  FROM (SELECT n, b.p[1:n + 1] AS q, date_trunc('month', b.d)::date AS mes, sum(b.l) AS l, sum(b.pm) AS pm, sum(b.m) AS m,
      sum(b.x) AS x
    FROM "funnel_rebuild_base" b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], date_trunc('month', b.d)) g
  ORDER BY g.n, g.mes;
  DROP TABLE "funnel_rebuild_base";
  PERFORM "funnel_origem_rebuild"();
  PERFORM "evento_custos_rebuild"();
END $function$;
