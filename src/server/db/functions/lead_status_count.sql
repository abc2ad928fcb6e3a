-- A lead's follow-up status counts in its path (lead_status_counts); 'novo' is the total less the others.
-- Defined by migration 0009; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.lead_status_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" <> 'novo' THEN
    PERFORM "lead_status_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"], OLD."status", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" <> 'novo' THEN
    PERFORM "lead_status_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"], NEW."status", 1);
  END IF;
  RETURN NULL;
END $function$;
