-- Issues 44 and 45 (ADR 097): the ledgers' sums counted again from the lines: after a bulk load with triggers off.
-- Issue 48: with them, the parcelas paid per node and month, counted again from the parcelas (parcelas_pagas_rebuild);
-- issue 43: the parcelas per node, due day and status (parcelas_vencimento_rebuild, migration 0069); issue 44: the
-- open mensalidades per beneficiary ('Minhas comissões'' prevista), counted again from the parcelas
-- (parcelas_abertas_rebuild, migration 0070).
-- Defined by migration 0058; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.ledger_somas_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "comissao_somas";
  INSERT INTO "comissao_somas" ("franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "estorno",
    "stripe", "valor_centavos", "linhas")
  SELECT "franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "tipo" = 'estorno', 0,
    sum("valor_centavos"), count(*)
  FROM "comissao_lancamentos"
  GROUP BY "franqueador_id", "franquia_id", "periodo", "beneficiario", "beneficiario_id", "tipo" = 'estorno';
  DELETE FROM "royalty_somas";
  INSERT INTO "royalty_somas" ("franquia_id", "periodo", "tipo", "stripe", "franqueador_id", "base_centavos",
    "royalty_centavos", "fundo_centavos", "retido_centavos", "linhas")
  SELECT "franquia_id", "periodo", "tipo", 0, "franqueador_id", sum("base_centavos"), sum("royalty_centavos"),
    sum("fundo_centavos"), sum("retido_centavos"), count(*)
  FROM "royalty_lancamentos" GROUP BY "franquia_id", "periodo", "tipo", "franqueador_id";
  SELECT "parcelas_pagas_rebuild"();
  SELECT "parcelas_vencimento_rebuild"();
  SELECT "parcelas_abertas_rebuild"()
$function$;
