-- Adds `d` clientes to each scope of `ids` (scope_counts), on the connection's stripe.
-- Defined by migrations 0003, 0022; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.scope_counts_add_clientes(ids uuid[], d integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "scope_counts" AS s ("scope_id", "stripe", "clientes")
  SELECT DISTINCT id, (pg_backend_pid() % 16)::smallint, "d" FROM unnest("ids") AS id WHERE id IS NOT NULL
  ON CONFLICT ("scope_id", "stripe") DO UPDATE SET "clientes" = s."clientes" + EXCLUDED."clientes"
;
END
$function$;
