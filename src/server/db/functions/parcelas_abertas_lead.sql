-- Issue 44: a lead handed to another responsável (or to none) takes its matrículas' open mensalidades from the
-- vendedor they counted for to the one they count for now (the event's vendedor where the lead names no one).
-- Defined by migration 0070; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_abertas_lead()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "parcelas_abertas_por_beneficiario" AS s ("beneficiario", "beneficiario_id", "franqueador_id",
    "franquia_id", "curso_id", "valor_centavos", "stripe", "parcelas")
  SELECT 'vendedor', q.quem, q."franqueador_id", q."franquia_id", q."curso_id", q."valor_centavos",
    (pg_backend_pid() % 16)::smallint, sum(q.dn)
  FROM (SELECT coalesce(x.resp, p."vendedor_id") AS quem, p."franqueador_id", p."franquia_id", p."curso_id",
      p."valor_centavos", x.dn
    FROM "matriculas" m JOIN "parcelas" p ON p."matricula_id" = m."id"
      CROSS JOIN (VALUES (OLD."responsavel_id", -1), (NEW."responsavel_id", 1)) AS x(resp, dn)
    WHERE m."lead_id" = NEW."id" AND p."status" IN ('aberta', 'vencida') AND p."tipo" = 'mensalidade') q
  WHERE q.quem IS NOT NULL
  GROUP BY q.quem, q."franqueador_id", q."franquia_id", q."curso_id", q."valor_centavos"
  HAVING sum(q.dn) <> 0
  ORDER BY q.quem, q."franqueador_id", q."franquia_id", q."curso_id", q."valor_centavos"
  ON CONFLICT ("beneficiario_id", "beneficiario", coalesce("franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("curso_id", '00000000-0000-0000-0000-000000000000'::uuid), "valor_centavos", "stripe")
  DO UPDATE SET "parcelas" = s."parcelas" + excluded."parcelas";
  RETURN NULL;
END $function$;
