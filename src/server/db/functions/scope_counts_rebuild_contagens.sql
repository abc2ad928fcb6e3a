-- scope_counts counted again from the rows themselves (scope_counts_rebuild folds what is pending first).
-- Defined by migrations 0001, 0003 (as scope_counts_rebuild), renamed in 0028; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.scope_counts_rebuild_contagens()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "scope_counts";
  INSERT INTO "scope_counts" ("scope_id", "stripe", "clientes", "eventos", "eventos_ativos", "leads", "pre_matriculas", "matriculas")
  SELECT x.id, 0, sum(x.c), sum(x.ev), sum(x.at), sum(x.l), sum(x.p), sum(x.m) FROM (
    SELECT unnest("cliente_scope_path"("vendedor_id", "micro_franquia_id")) AS id,
      1 AS c, 0 AS ev, 0 AS at, 0 AS l, 0 AS p, 0 AS m FROM "clientes"
    UNION ALL SELECT unnest(ARRAY["cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]),
      0, 1, "is_active"::int, 0, 0, 0 FROM "eventos"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 1, 0, 0 FROM "leads"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 0, 1, 0 FROM "pre_matriculas"
    UNION ALL SELECT unnest(ARRAY["evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"]), 0, 0, 0, 0, 0, 1 FROM "matriculas"
  ) x WHERE x.id IS NOT NULL GROUP BY x.id
$function$;
