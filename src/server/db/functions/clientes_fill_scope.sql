-- A school's place above its micro-franquia: that one's franquia and franqueador, so a franquia's or a franqueador's
-- clientes are one indexed comparison (issue 46, ADR 164) instead of every micro-franquia of its network.
-- Defined by migration 0095; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.clientes_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT m."franquia_id", f."franqueador_id"
    INTO NEW."franquia_id", NEW."franqueador_id"
    FROM "micro_franquias" m
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE m."id" = NEW."micro_franquia_id";
  RETURN NEW;
END $function$;
