-- Adds `d` to status `st` in each scope of `ids` (lead_status_counts), on the connection's stripe.
-- Defined by migrations 0009, 0022; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.lead_status_add(ids uuid[], st lead_status, d integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "lead_status_counts" AS s ("scope_id", "status", "stripe", "n")
  SELECT DISTINCT id, st, (pg_backend_pid() % 16)::smallint, d FROM unnest(ids) AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "status", "stripe") DO UPDATE SET "n" = s."n" + EXCLUDED."n"
;
END
$function$;
