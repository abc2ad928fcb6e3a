-- Issue 48: the parcelas paid per node and month counted again from the parcelas: after a bulk load with triggers
-- off (ledger_somas_rebuild calls it, as bench:data and the demo's year do).
-- Defined by migration 0066 (which runs it once); this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_pagas_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "parcelas_pagas_mes";
  INSERT INTO "parcelas_pagas_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"(g.q, g.k), g.k, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.mes, 0, g.v, g.n
  FROM (SELECT k, b.p[1:k + 1] AS q, b.mes, sum(b.v) AS v, sum(b.n) AS n
    FROM (SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"] AS p,
        date_trunc('month', "paga_em")::date AS mes, sum("valor_centavos")::bigint AS v, count(*)::int AS n
      FROM "parcelas" WHERE "status" = 'paga'
      GROUP BY 1, 2) b CROSS JOIN generate_series(0, 4) AS k
    GROUP BY k, b.p[1:k + 1], b.mes) g
  ORDER BY g.k, g.mes
$function$;
