-- Issue 43: adds `dv` centavos and `dn` parcelas in status `s` to the due day `d` (and its month) for each prefix of
-- a parcela's path `p` (franqueador, franquia, micro-franquia, vendedor or none, cliente) in
-- parcelas_vencimento_dia and parcelas_vencimento_mes, on the connection's stripe, top level first.
-- Defined by migration 0069; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_vencimento_add(p uuid[], d date, s parcela_status, dv bigint, dn integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_vencimento_dia" AS c ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "dia", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], "d", "s", (pg_backend_pid() % 16)::smallint,
    "dv", "dn"
  FROM generate_series(0, 4) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "dia", "status", "stripe") DO UPDATE SET
    "valor_centavos" = c."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = c."parcelas" + EXCLUDED."parcelas";
  INSERT INTO "parcelas_vencimento_mes" AS c ("chave", "nivel", "franqueador_id", "franquia_id", "micro_franquia_id",
    "vendedor_id", "cliente_id", "mes", "status", "stripe", "valor_centavos", "parcelas")
  SELECT "funnel_chave"("p", n), n, q[1], q[2], q[3], q[4], q[5], date_trunc('month', "d")::date, "s",
    (pg_backend_pid() % 16)::smallint, "dv", "dn"
  FROM generate_series(0, 4) AS n, LATERAL (SELECT "p"[1:n + 1] AS q) prefix ORDER BY n
  ON CONFLICT ("chave", "mes", "status", "stripe") DO UPDATE SET
    "valor_centavos" = c."valor_centavos" + EXCLUDED."valor_centavos", "parcelas" = c."parcelas" + EXCLUDED."parcelas";
END
$function$;
