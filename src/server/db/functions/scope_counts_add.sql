-- Adds to each scope of `ids` its events, active events, leads, pré-matrículas and matrículas (scope_counts), on
-- the connection's stripe.
-- Defined by migrations 0001, 0022; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.scope_counts_add(ids uuid[], d_eventos integer, d_ativos integer, d_leads integer, d_pre integer, d_mat integer)
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
$function$;
