-- Issue 43: the parcelas per node, due day (and month) and status counted again from the parcelas: after a bulk load
-- with triggers off (ledger_somas_rebuild calls it, as bench:data and the demo's year do).
-- Defined by migration 0069 (which runs it once); this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_vencimento_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "parcelas_vencimento_dia";
  DELETE FROM "parcelas_vencimento_mes";
  INSERT INTO "parcelas_vencimento_dia" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "dia", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"(g.q, g.n), g.n, g.q[1], g.q[2], g.q[3], g.q[4], g.q[5], g.d, g.s, 0, g.v, g.c
  FROM (SELECT n, b.p[1:n + 1] AS q, b.d, b.s, sum(b.v)::bigint AS v, sum(b.c)::int AS c
    FROM (SELECT ARRAY["franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id"] AS p,
        "vencimento" AS d, "status" AS s, sum("valor_centavos")::bigint AS v, count(*)::int AS c
      FROM "parcelas" WHERE "status" IN ('aberta', 'paga', 'vencida')
      GROUP BY 1, 2, 3) b CROSS JOIN generate_series(0, 4) AS n
    GROUP BY n, b.p[1:n + 1], b.d, b.s) g
  ORDER BY g.n, g.d;
  INSERT INTO "parcelas_vencimento_mes" ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    date_trunc('month', "dia")::date, "status", 0, sum("valor_centavos"), sum("parcelas")::int
  FROM "parcelas_vencimento_dia"
  GROUP BY "chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id", "vendedor_id", "cliente_id",
    date_trunc('month', "dia"), "status"
  ORDER BY "nivel", 8
$function$;
