-- A cliente, micro-franquia or franquia that moves in the tree takes its courses along: their path is written again
-- by cursos_fill_scope.
-- Defined by migration 0075; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.cursos_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'clientes' THEN
    UPDATE "cursos" SET "vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "cursos" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "cursos" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;
