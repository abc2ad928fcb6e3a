-- A micro-franquia that moves to another franquia takes its clientes' counts and its events (and so their rows)
-- along.
-- Defined by migrations 0001, 0003; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.micro_franquias_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  n int := (SELECT count(*) FROM "clientes" WHERE "micro_franquia_id" = NEW."id");
BEGIN
  PERFORM "scope_counts_add_clientes"(ARRAY[OLD."franquia_id", (SELECT "franqueador_id" FROM "franquias" WHERE "id" = OLD."franquia_id")], -n);
  PERFORM "scope_counts_add_clientes"(ARRAY[NEW."franquia_id", (SELECT "franqueador_id" FROM "franquias" WHERE "id" = NEW."franquia_id")], n);
  UPDATE "eventos" SET "franquia_id" = NULL WHERE "micro_franquia_id" = NEW."id";
  RETURN NULL;
END $function$;
