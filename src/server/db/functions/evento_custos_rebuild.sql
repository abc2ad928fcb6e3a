-- Issue 48: the events' costs per node, day and month counted again from the costs and their events: after a bulk
-- load with triggers off (funnel_periodo_rebuild_contagens calls it, as bench:data and the demo's year do).
-- Defined by migration 0068 (which runs it once); this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_custos_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "evento_custos_dia";
  DELETE FROM "evento_custos_mes";
  INSERT INTO "evento_custos_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "dia", "stripe", "valor_centavos")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.q[6], g.d, 0, g.v
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, sum(b.v) AS v
    FROM (SELECT ARRAY[e."franqueador_id", e."franquia_id", e."micro_franquia_id", e."vendedor_id", e."cliente_id", e."id"] AS p,
        e."data_evento" AS d, sum(c."valor_centavos")::bigint AS v
      FROM "evento_custos" c JOIN "eventos" e ON e."id" = c."evento_id"
      GROUP BY 1, 2) b CROSS JOIN generate_series(0, 5) AS n
    GROUP BY n, b.p[1:n + 1], b.d) g
  ORDER BY g.n, g.d;
  INSERT INTO "evento_custos_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "mes", "stripe", "valor_centavos")
  SELECT "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    "evento_id", date_trunc('month', "dia")::date, 0, sum("valor_centavos")
  FROM "evento_custos_dia"
  GROUP BY "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    "evento_id", date_trunc('month', "dia")
  ORDER BY "nivel", 9
$function$;
