-- A cliente given another vendedor or micro-franquia, a micro-franquia moved to another franquia or a franquia to
-- another franqueador takes its visits along: their path is written again by visitas_fill_scope.
-- Defined by migration 0094; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.visitas_seguem_caminho()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'clientes' THEN
    UPDATE "visitas" SET "cliente_vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'micro_franquias' THEN
    UPDATE "visitas" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  ELSE
    UPDATE "visitas" SET "franqueador_id" = NULL WHERE "franquia_id" = NEW."id";
  END IF;
  RETURN NULL;
END $function$;
