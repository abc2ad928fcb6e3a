-- Issue 48: adds `dv` centavos to day `d` and its month for each prefix of an event's path `p` (franqueador,
-- franquia, micro-franquia, vendedor or none, cliente or none, evento) in evento_custos_dia and evento_custos_mes, on
-- the connection's stripe, top level first.
-- Defined by migration 0068; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.evento_custos_add(p uuid[], d date, dv bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "evento_custos_dia" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "dia", "stripe", "valor_centavos")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], "d", (pg_backend_pid() % 16)::smallint, "dv"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "stripe") DO UPDATE SET "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos";
  INSERT INTO "evento_custos_mes" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "evento_id", "mes", "stripe", "valor_centavos")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], q[6], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dv"
  FROM generate_series(0, 5) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos";
END
$function$;
