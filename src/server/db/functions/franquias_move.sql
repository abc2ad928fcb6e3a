-- A franquia that moves to another franqueador takes its clientes' counts and its events (and so their rows) along.
-- Defined by migrations 0001, 0003; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.franquias_move()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  n int := (SELECT count(*) FROM "clientes" WHERE "micro_franquia_id" IN
    (SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id"));
BEGIN
  PERFORM "scope_counts_add_clientes"(ARRAY[OLD."franqueador_id"], -n);
  PERFORM "scope_counts_add_clientes"(ARRAY[NEW."franqueador_id"], n);
  UPDATE "eventos" SET "franqueador_id" = NULL
    WHERE "micro_franquia_id" IN (SELECT "id" FROM "micro_franquias" WHERE "franquia_id" = NEW."id");
  RETURN NULL;
END $function$;
