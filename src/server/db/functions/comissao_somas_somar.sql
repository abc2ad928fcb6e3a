-- Issue 44 (ADR 097): each insert of commission lines adds its sums to comissao_somas, on one stripe drawn per
-- statement, in the key's order.
-- Defined by migration 0058; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.comissao_somas_somar()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "comissao_somas" AS s ("franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id",
    "estorno", "stripe", "valor_centavos", "linhas")
  SELECT n."franqueador_id", n."franquia_id", n."periodo", n."beneficiario", n."beneficiario_id", n."tipo" = 'estorno',
    x.stripe, sum(n."valor_centavos"), count(*)
  FROM novas n CROSS JOIN (SELECT floor(random() * 8)::smallint AS stripe) x
  GROUP BY n."beneficiario_id", n."beneficiario", n."periodo", n."franqueador_id", n."franquia_id", n."tipo" = 'estorno', x.stripe
  ORDER BY n."beneficiario_id", n."beneficiario", n."periodo", n."franqueador_id", n."franquia_id", n."tipo" = 'estorno'
  ON CONFLICT ("beneficiario_id", "beneficiario", "periodo", "franqueador_id",
    coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid), "estorno", "stripe")
  DO UPDATE SET "valor_centavos" = s."valor_centavos" + excluded."valor_centavos", "linhas" = s."linhas" + excluded."linhas";
  RETURN NULL;
END $function$;
