-- A course's path: its cliente, the cliente's vendedor and micro-franquia, that one's franquia and franqueador, so a
-- role's courses are one indexed comparison (issue 46) instead of every course of its clientes.
-- Defined by migration 0075; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.cursos_fill_scope()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT c."vendedor_id", c."micro_franquia_id", m."franquia_id", f."franqueador_id"
    INTO NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"
    FROM "clientes" c
    LEFT JOIN "micro_franquias" m ON m."id" = c."micro_franquia_id"
    LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
    WHERE c."id" = NEW."cliente_id";
  RETURN NEW;
END $function$;
