-- Issue 48: an event whose day or place in the tree changes takes its costs from where they were counted to where
-- they now count (the costs count on the event's own day, in the group its event sits in now).
-- Defined by migration 0068; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_custos_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  total bigint;
BEGIN
  SELECT sum("valor_centavos") INTO total FROM "evento_custos" WHERE "evento_id" = NEW."id";
  IF total IS NOT NULL THEN
    PERFORM "evento_custos_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id", OLD."id"],
      OLD."data_evento", -total);
    PERFORM "evento_custos_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id", NEW."id"],
      NEW."data_evento", total);
  END IF;
  RETURN NULL;
END $function$;
