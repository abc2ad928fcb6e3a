-- Issue 48: funnel_periodo_add's twin for a row that came with an origin: adds its counts to each prefix of path `p`
-- under its source (utm_source, utm_campaign, whether it came by a share link, the link's vendedor), on day `d` in
-- funnel_origem_dia and its month in funnel_origem_mes, on the connection's stripe.
-- Defined by migration 0066; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_origem_add(p uuid[], d date, o_source character varying, o_campaign character varying, o_link boolean, o_vendedor uuid, dl integer, dp integer, dm integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "funnel_origem_dia" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe",
    "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "o_source", "o_campaign", "o_link", "o_vendedor",
    "d", (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "dia", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
  INSERT INTO "funnel_origem_mes" AS f ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe",
    "leads", "pre_matriculas", "matriculas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "o_source", "o_campaign", "o_link", "o_vendedor",
    date_trunc('month', "d")::date, (pg_backend_pid() % 16)::smallint, "dl", "dp", "dm"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "utm_source", "utm_campaign", "link", "link_vendedor_id", "mes", "stripe") DO UPDATE SET
    "leads" = f."leads" + EXCLUDED."leads", "pre_matriculas" = f."pre_matriculas" + EXCLUDED."pre_matriculas",
    "matriculas" = f."matriculas" + EXCLUDED."matriculas";
END
$function$;
