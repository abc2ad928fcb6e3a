-- Issue 45 (ADR 097): each insert of royalty lines adds its sums to royalty_somas, on one stripe drawn per
-- statement, in the key's order.
-- Defined by migration 0058; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.royalty_somas_somar()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "royalty_somas" AS s ("franquia_id", "periodo", "tipo", "stripe", "franqueador_id", "base_centavos",
    "royalty_centavos", "fundo_centavos", "retido_centavos", "linhas")
  SELECT n."franquia_id", n."periodo", n."tipo", x.stripe, n."franqueador_id", sum(n."base_centavos"),
    sum(n."royalty_centavos"), sum(n."fundo_centavos"), sum(n."retido_centavos"), count(*)
  FROM novas n CROSS JOIN (SELECT floor(random() * 8)::smallint AS stripe) x
  GROUP BY n."franquia_id", n."periodo", n."tipo", x.stripe, n."franqueador_id"
  ORDER BY n."franquia_id", n."periodo", n."tipo"
  ON CONFLICT ("franquia_id", "periodo", "tipo", "stripe") DO UPDATE SET
    "base_centavos" = s."base_centavos" + excluded."base_centavos",
    "royalty_centavos" = s."royalty_centavos" + excluded."royalty_centavos",
    "fundo_centavos" = s."fundo_centavos" + excluded."fundo_centavos",
    "retido_centavos" = s."retido_centavos" + excluded."retido_centavos",
    "linhas" = s."linhas" + excluded."linhas";
  RETURN NULL;
END $function$;
