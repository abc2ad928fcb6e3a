-- Issues 20 and 21: the counters' functions that every sign-up, check-in and status change calls from its
-- triggers were SQL functions. PostgreSQL plans a SQL function's statements again on every call when a trigger
-- calls it; PL/pgSQL keeps each statement's plan for the connection. The same statements, in PL/pgSQL: measured
-- on the benchmark data, a check-in's presence trigger went from about 0.6 ms to 0.35 ms warm, and a sign-up calls
-- two of these. Bodies unchanged.
-- Defined by migrations 0007, 0022; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_periodo_add(p uuid[], d date, dl integer, dp integer, dm integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
  INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas"
;
END
$function$;
