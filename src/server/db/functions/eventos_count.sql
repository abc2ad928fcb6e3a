-- An event counts in its path; when it moves, its leads, pré-matrículas and matrículas move with it.
-- Defined by migration 0001; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "scope_counts_add"(ARRAY[OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id"], -1, -(OLD."is_active"::int), 0, 0, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "scope_counts_add"(ARRAY[NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"], 1, NEW."is_active"::int, 0, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
      IS DISTINCT FROM (NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id") THEN
    UPDATE "leads" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "pre_matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
    UPDATE "matriculas" SET "cliente_id" = NULL WHERE "evento_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;
