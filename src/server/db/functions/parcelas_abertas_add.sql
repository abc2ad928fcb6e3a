-- Issue 44: adds `dn` parcelas of value `v` (network `fq`, franquia `fr`, curso `cu`) to each beneficiary of `ids`
-- (kinds `b`, the same order; a null id is none) in parcelas_abertas_por_beneficiario, on the connection's stripe,
-- in the key's order.
-- Defined by migration 0070; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_abertas_add(b text[], ids uuid[], fq uuid, fr uuid, cu uuid, v integer, dn integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_abertas_por_beneficiario" AS s ("beneficiario", "beneficiario_id", "franqueador_id",
    "franquia_id", "curso_id", "valor_centavos", "stripe", "parcelas")
  SELECT x.b, x.id, "fq", "fr", "cu", "v", (pg_backend_pid() % 16)::smallint, "dn"
  FROM unnest("b", "ids") AS x(b, id) WHERE x.id IS NOT NULL ORDER BY x.id, x.b
  ON CONFLICT ("beneficiario_id", "beneficiario", coalesce("franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("curso_id", '00000000-0000-0000-0000-000000000000'::uuid), "valor_centavos", "stripe")
  DO UPDATE SET "parcelas" = s."parcelas" + excluded."parcelas";
END
$function$;
