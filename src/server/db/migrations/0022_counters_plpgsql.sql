-- Issues 20 and 21: the counters' functions that every sign-up, check-in and status change calls from its
-- triggers were SQL functions. PostgreSQL plans a SQL function's statements again on every call when a trigger
-- calls it; PL/pgSQL keeps each statement's plan for the connection. The same statements, in PL/pgSQL: measured
-- on the benchmark data, a check-in's presence trigger went from about 0.6 ms to 0.35 ms warm, and a sign-up calls
-- two of these. Bodies unchanged.
CREATE OR REPLACE FUNCTION funnel_periodo_add(p uuid[], d date, dl integer, dp integer, dm integer)
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
$function$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION funnel_presenca_add(p uuid[], d date, dx integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "funnel_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "dia", "stripe", "presencas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dx"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas";
  INSERT INTO "funnel_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id",
    "cliente_id", "evento_id", "mes", "stripe", "presencas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dx"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "presencas" = f."presencas" + EXCLUDED."presencas"
;
END
$function$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION lead_status_add(ids uuid[], st lead_status, d integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "lead_status_counts" AS s ("scope_id", "status", "stripe", "n")
  SELECT DISTINCT id, st, (pg_backend_pid() % 16)::smallint, d FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "status", "stripe") DO UPDATE SET "n" = s."n" + EXCLUDED."n"
;
END
$function$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION scope_counts_add(ids uuid[], d_eventos integer, d_ativos integer, d_leads integer, d_pre integer, d_mat integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "eventos", "eventos_ativos", "leads", "pre_matriculas", "matriculas")
  SELECT DISTINCT id, (pg_backend_pid() % 16)::smallint, d_eventos, d_ativos, d_leads, d_pre, d_mat FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "stripe") DO UPDATE SET
    "eventos" = s."eventos" + EXCLUDED."eventos", "eventos_ativos" = s."eventos_ativos" + EXCLUDED."eventos_ativos",
    "leads" = s."leads" + EXCLUDED."leads", "pre_matriculas" = s."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = s."matriculas" + EXCLUDED."matriculas"
;
END
$function$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION scope_counts_add_clientes(ids uuid[], d integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "clientes")
  SELECT DISTINCT id, (pg_backend_pid() % 16)::smallint, "d" FROM unnest("ids") AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "stripe") DO UPDATE SET "clientes" = s."clientes" + EXCLUDED."clientes"
;
END
$function$;
