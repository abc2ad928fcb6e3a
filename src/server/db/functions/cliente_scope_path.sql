-- Clientes counted per scope too (the franqueador's dashboard counts thousands): a cliente counts in its
-- vendedor, its micro-franquia and that one's franquia and franqueador.
-- Defined by migration 0003; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.cliente_scope_path(vendedor uuid, micro uuid)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ARRAY["vendedor", "micro", m."franquia_id", f."franqueador_id"]
  FROM (SELECT 1) one LEFT JOIN "micro_franquias" m ON m."id" = "micro" LEFT JOIN "franquias" f ON f."id" = m."franquia_id"
$function$;
