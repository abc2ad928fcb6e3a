-- An event's path: its cliente, the cliente's vendedor, its micro-franquia, that one's franquia and franqueador.
-- Defined by migration 0001; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.eventos_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c."vendedor_id" INTO NEW."vendedor_id" FROM "clientes" c WHERE c."id" = NEW."cliente_id";
  SELECT m."franquia_id", f."franqueador_id" INTO NEW."franquia_id", NEW."franqueador_id"
    FROM "micro_franquias" m JOIN "franquias" f ON f."id" = m."franquia_id" WHERE m."id" = NEW."micro_franquia_id";
  RETURN NEW;
END $function$;
