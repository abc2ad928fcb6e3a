-- Issue 48: adds `dv` centavos and `dn` parcelas to the month of day `d` for each prefix of a parcela's scope path
-- `p` (franqueador, franquia, micro-franquia, vendedor or none, cliente) in parcelas_pagas_mes, on the connection's
-- stripe, top level first.
-- Defined by migration 0066; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_pagas_add(p uuid[], d date, dv bigint, dn integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_pagas_mes" AS s ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", k), k, q[1], q[2], q[3], q[4], q[5], date_trunc('month', "d")::date,
    (pg_backend_pid() % 16)::smallint, "dv", "dn"
  FROM generate_series(0, 4) AS k, LATERAL (SELECT "p"[1:k + 1] AS q) prefix ORDER BY k
  ON CONFLICT ("chave", "mes", "stripe") DO UPDATE SET
    "valor_centavos" = s."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = s."parcelas" + EXCLUDED."parcelas";
END
$function$;
