-- Issue 44 (ADR 110's next step): the open mensalidades per beneficiary (parcelas_abertas_por_beneficiario), counted
-- per vendedor (the lead's responsável, else the event's vendedor) and micro-franquia, network, franquia, curso and
-- value, kept by triggers on parcelas, on a lead's responsável and on a matrícula's lead: 'Minhas comissões'' prevista
-- reads a beneficiary's few groups instead of its thousands of open parcelas. Counted once from the parcelas;
-- ledger_somas_rebuild() counts them again after a bulk load.
CREATE TABLE "parcelas_abertas_por_beneficiario" (
	"beneficiario" text NOT NULL,
	"beneficiario_id" uuid NOT NULL,
	"franqueador_id" uuid,
	"franquia_id" uuid,
	"curso_id" uuid,
	"valor_centavos" integer NOT NULL,
	"stripe" smallint NOT NULL,
	"parcelas" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parcelas_abertas_por_beneficiario_key" ON "parcelas_abertas_por_beneficiario" USING btree ("beneficiario_id","beneficiario",coalesce("franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("curso_id", '00000000-0000-0000-0000-000000000000'::uuid),"valor_centavos","stripe");--> statement-breakpoint
ALTER TABLE "parcelas_abertas_por_beneficiario" SET (fillfactor = 70);--> statement-breakpoint
CREATE FUNCTION public.parcelas_abertas_add(b text[], ids uuid[], fq uuid, fr uuid, cu uuid, v integer, dn integer)
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
$function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_abertas_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  quem uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('aberta', 'vencida') AND OLD."tipo" = 'mensalidade' THEN
    SELECT ld."responsavel_id" INTO quem FROM "matriculas" m JOIN "leads" ld ON ld."id" = m."lead_id"
      WHERE m."id" = OLD."matricula_id" FOR SHARE OF ld;
    PERFORM "parcelas_abertas_add"(ARRAY['vendedor', 'micro_franquia'],
      ARRAY[coalesce(quem, OLD."vendedor_id"), OLD."micro_franquia_id"], OLD."franqueador_id", OLD."franquia_id",
      OLD."curso_id", OLD."valor_centavos", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" IN ('aberta', 'vencida') AND NEW."tipo" = 'mensalidade' THEN
    quem := NULL;
    SELECT ld."responsavel_id" INTO quem FROM "matriculas" m JOIN "leads" ld ON ld."id" = m."lead_id"
      WHERE m."id" = NEW."matricula_id" FOR SHARE OF ld;
    PERFORM "parcelas_abertas_add"(ARRAY['vendedor', 'micro_franquia'],
      ARRAY[coalesce(quem, NEW."vendedor_id"), NEW."micro_franquia_id"], NEW."franqueador_id", NEW."franquia_id",
      NEW."curso_id", NEW."valor_centavos", 1);
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_abertas_lead()
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
END $function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_abertas_matricula()
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
    FROM "parcelas" p
      CROSS JOIN (VALUES ((SELECT "responsavel_id" FROM "leads" WHERE "id" = OLD."lead_id"), -1),
        ((SELECT "responsavel_id" FROM "leads" WHERE "id" = NEW."lead_id" FOR SHARE), 1)) AS x(resp, dn)
    WHERE p."matricula_id" = NEW."id" AND p."status" IN ('aberta', 'vencida') AND p."tipo" = 'mensalidade') q
  WHERE q.quem IS NOT NULL
  GROUP BY q.quem, q."franqueador_id", q."franquia_id", q."curso_id", q."valor_centavos"
  HAVING sum(q.dn) <> 0
  ORDER BY q.quem, q."franqueador_id", q."franquia_id", q."curso_id", q."valor_centavos"
  ON CONFLICT ("beneficiario_id", "beneficiario", coalesce("franqueador_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("franquia_id", '00000000-0000-0000-0000-000000000000'::uuid),
    coalesce("curso_id", '00000000-0000-0000-0000-000000000000'::uuid), "valor_centavos", "stripe")
  DO UPDATE SET "parcelas" = s."parcelas" + excluded."parcelas";
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE FUNCTION public.parcelas_abertas_rebuild()
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
$function$;--> statement-breakpoint
-- Only a mensalidade still to be paid counts, and only a change of what places it fires the function: a parcela
-- becoming overdue (aberta -> vencida), its gateway's links, its notes fire nothing.
CREATE TRIGGER "parcelas_abertas_insert" AFTER INSERT ON "parcelas" FOR EACH ROW
  WHEN (NEW."status" IN ('aberta', 'vencida') AND NEW."tipo" = 'mensalidade')
  EXECUTE FUNCTION "parcelas_abertas_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_abertas_delete" AFTER DELETE ON "parcelas" FOR EACH ROW
  WHEN (OLD."status" IN ('aberta', 'vencida') AND OLD."tipo" = 'mensalidade')
  EXECUTE FUNCTION "parcelas_abertas_count"();--> statement-breakpoint
CREATE TRIGGER "parcelas_abertas_update" AFTER UPDATE ON "parcelas" FOR EACH ROW
  WHEN (((OLD."status" IN ('aberta', 'vencida') AND OLD."tipo" = 'mensalidade')
      OR (NEW."status" IN ('aberta', 'vencida') AND NEW."tipo" = 'mensalidade')) AND
    (OLD."status" IN ('aberta', 'vencida'), OLD."tipo", OLD."valor_centavos", OLD."franqueador_id", OLD."franquia_id",
      OLD."micro_franquia_id", OLD."vendedor_id", OLD."curso_id", OLD."matricula_id")
    IS DISTINCT FROM (NEW."status" IN ('aberta', 'vencida'), NEW."tipo", NEW."valor_centavos", NEW."franqueador_id",
      NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."curso_id", NEW."matricula_id"))
  EXECUTE FUNCTION "parcelas_abertas_count"();--> statement-breakpoint
CREATE TRIGGER "leads_parcelas_abertas" AFTER UPDATE OF "responsavel_id" ON "leads" FOR EACH ROW
  WHEN (OLD."responsavel_id" IS DISTINCT FROM NEW."responsavel_id")
  EXECUTE FUNCTION "parcelas_abertas_lead"();--> statement-breakpoint
CREATE TRIGGER "matriculas_parcelas_abertas" AFTER UPDATE OF "lead_id" ON "matriculas" FOR EACH ROW
  WHEN (OLD."lead_id" IS DISTINCT FROM NEW."lead_id")
  EXECUTE FUNCTION "parcelas_abertas_matricula"();--> statement-breakpoint
-- Every open mensalidade, counted once.
SELECT "parcelas_abertas_rebuild"();
