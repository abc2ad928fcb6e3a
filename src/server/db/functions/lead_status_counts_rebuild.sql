-- From the rows themselves: after a bulk load with triggers off, or to check the triggers.
-- Defined by migration 0009; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.lead_status_counts_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "lead_status_counts";
  INSERT INTO "lead_status_counts" ("scope_id", "status", "stripe", "n")
  SELECT x.id, x.status, 0, count(*) FROM (
    SELECT unnest(ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"]) AS id, "status"
    FROM "leads" WHERE "status" <> 'novo'
  ) x WHERE x.id IS NOT NULL GROUP BY x.id, x.status
$function$;
