-- Issue 48: an event's cost counts on the event's day, at every node of the event's path; a removed cost, or one
-- changed (its value, its event), is taken away from where it was counted and added where it now is. The event's
-- row is read FOR SHARE: a move of the event (eventos_custos_move) waits for this cost, or this cost for the move.
-- Defined by migration 0068; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_custos_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  e record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "id", "data_evento"
      INTO e FROM "eventos" WHERE "id" = OLD."evento_id" FOR SHARE;
    IF FOUND THEN
      PERFORM "evento_custos_add"(ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"],
        e."data_evento", -OLD."valor_centavos"::bigint);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id", "id", "data_evento"
      INTO e FROM "eventos" WHERE "id" = NEW."evento_id" FOR SHARE;
    IF FOUND THEN
      PERFORM "evento_custos_add"(ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"],
        e."data_evento", NEW."valor_centavos"::bigint);
    END IF;
  END IF;
  RETURN NULL;
END $function$;
