-- A company that moves in the tree takes its events (and so their rows) along.
-- Defined by migration 0001; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.clientes_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "eventos" SET "vendedor_id" = NULL WHERE "cliente_id" = NEW."id";
  RETURN NULL;
END $function$;
