-- A pré-matrícula or matrícula takes its event's path (a lead its place too: leads_fill_scope_e_lugar, ADR 158).
-- Defined by migration 0001; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT e."cliente_id", e."vendedor_id", e."micro_franquia_id", e."franquia_id", e."franqueador_id"
    INTO NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "eventos" e WHERE e."id" = NEW."evento_id";
  RETURN NEW;
END $function$;
