-- A matrícula's parcelas keep its event, course and scope path: when its event moves in the tree (eventos_count moves
-- the matrícula), its parcelas move too, and their counters with them (their own triggers).
-- Defined by migration 0072; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_seguem_matricula()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "parcelas" SET "evento_id" = NEW."evento_id", "cliente_id" = NEW."cliente_id",
      "vendedor_id" = NEW."vendedor_id", "micro_franquia_id" = NEW."micro_franquia_id",
      "franquia_id" = NEW."franquia_id", "franqueador_id" = NEW."franqueador_id"
    WHERE "matricula_id" = NEW."id"
      AND ("evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id")
        IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id",
          NEW."franquia_id", NEW."franqueador_id");
  RETURN NULL;
END $function$;
