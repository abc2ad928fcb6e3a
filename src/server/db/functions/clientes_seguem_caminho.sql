-- A micro-franquia moved to another franquia or a franquia to another franqueador takes its clientes along: their
-- place is written again by clientes_fill_scope.
-- Defined by migration 0095; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.clientes_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "clientes" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "clientes" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;
