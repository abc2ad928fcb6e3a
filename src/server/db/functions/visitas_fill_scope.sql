-- A visit's school in the tree: the cliente's own vendedor and micro-franquia, that one's franquia and franqueador,
-- so a role's visits are one indexed comparison (issue 46, ADR 163) instead of every visit of its clientes.
-- Defined by migration 0094; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.visitas_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c."vendedor_id", c."micro_franquia_id", m."franquia_id", f."franqueador_id"
    INTO NEW."cliente_vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "clientes" c
    LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE c."id" = NEW."cliente_id";
  RETURN NEW;
END $function$;
