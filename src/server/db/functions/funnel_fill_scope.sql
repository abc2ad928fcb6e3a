-- A lead, a pré-matrícula or a matrícula takes its event's path and place (ADR 158, 165), in one read of the event.
-- Defined by migration 0001; the place since issue 46 (migration 0097 points the leads' trigger here). This file is
-- its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.funnel_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT e."cliente_id", e."vendedor_id", e."micro_franquia_id", e."franquia_id", e."franqueador_id", e."estado", e."cidade"
    INTO NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id",
      NEW."evento_estado", NEW."evento_cidade"
    FROM "eventos" e WHERE e."id" = NEW."evento_id";
  RETURN NEW;
END $function$;
