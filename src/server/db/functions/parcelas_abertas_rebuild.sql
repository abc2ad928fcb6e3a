-- Issue 44: the open mensalidades per beneficiary counted again from the parcelas (after a bulk load with triggers
-- off: ledger_somas_rebuild calls it, as bench:data, the billing bench's reset and the demo's year do). Only the
-- groups whose kept count differs from the recount are rewritten (on stripe 0): a rebuild over counters that
-- already agree writes nothing.
-- Defined by migration 0070 (which runs it once); this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_abertas_rebuild()
 RETURNS void
 LANGUAGE sql
AS $function$
  WITH contado AS (
    SELECT b.beneficiario, b.id AS beneficiario_id, p."franqueador_id", p."franquia_id", p."curso_id",
      p."valor_centavos", count(*)::int AS n
    FROM "parcelas" p JOIN "matriculas" m ON m."id" = p."matricula_id"
      LEFT JOIN "leads" ld ON ld."id" = m."lead_id"
      CROSS JOIN LATERAL (VALUES ('vendedor', coalesce(ld."responsavel_id", p."vendedor_id")),
        ('micro_franquia', p."micro_franquia_id")) AS b(beneficiario, id)
    WHERE p."status" IN ('aberta', 'vencida') AND p."tipo" = 'mensalidade' AND b.id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6),
  guardado AS (
    SELECT "beneficiario", "beneficiario_id", "franqueador_id", "franquia_id", "curso_id", "valor_centavos",
      sum("parcelas")::int AS n
    FROM "parcelas_abertas_por_beneficiario" GROUP BY 1, 2, 3, 4, 5, 6),
  diferente AS (
    SELECT CASE WHEN c.n IS NULL THEN g."beneficiario" ELSE c."beneficiario" END AS "beneficiario",
      CASE WHEN c.n IS NULL THEN g."beneficiario_id" ELSE c."beneficiario_id" END AS "beneficiario_id",
      CASE WHEN c.n IS NULL THEN g."franqueador_id" ELSE c."franqueador_id" END AS "franqueador_id",
      CASE WHEN c.n IS NULL THEN g."franquia_id" ELSE c."franquia_id" END AS "franquia_id",
      CASE WHEN c.n IS NULL THEN g."curso_id" ELSE c."curso_id" END AS "curso_id",
      CASE WHEN c.n IS NULL THEN g."valor_centavos" ELSE c."valor_centavos" END AS "valor_centavos",
      c.n
    FROM contado c FULL JOIN guardado g ON g."beneficiario_id" = c."beneficiario_id"
      AND g."beneficiario" = c."beneficiario"
      AND coalesce(g."franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(c."franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND coalesce(g."franquia_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(c."franquia_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND coalesce(g."curso_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(c."curso_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND g."valor_centavos" = c."valor_centavos"
    WHERE c.n IS DISTINCT FROM g.n),
  apagado AS (
    DELETE FROM "parcelas_abertas_por_beneficiario" s USING diferente d
    WHERE s."beneficiario_id" = d."beneficiario_id" AND s."beneficiario" = d."beneficiario"
      AND coalesce(s."franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(d."franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND coalesce(s."franquia_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(d."franquia_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND coalesce(s."curso_id", '00000000-0000-0000-0000-000000000000'::uuid)
        = coalesce(d."curso_id", '00000000-0000-0000-0000-000000000000'::uuid)
      AND s."valor_centavos" = d."valor_centavos"
    RETURNING 1)
  INSERT INTO "parcelas_abertas_por_beneficiario" ("beneficiario", "beneficiario_id", "franqueador_id", "franquia_id",
    "curso_id", "valor_centavos", "stripe", "parcelas")
  SELECT d."beneficiario", d."beneficiario_id", d."franqueador_id", d."franquia_id", d."curso_id", d."valor_centavos",
    0, d.n
  FROM diferente d
  WHERE d.n IS NOT NULL AND (SELECT count(*) FROM apagado) >= 0
  ORDER BY 2, 1, 3, 4, 5, 6
$function$;
