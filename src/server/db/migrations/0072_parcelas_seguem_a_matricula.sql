-- Issue 43 (ADR 071's open end, ADR 115): a parcela's scope path is its matrícula's, always -- the path was copied once,
-- at billing, and an event moved in the tree afterwards left its parcelas under the old nodes. A trigger on the
-- matrícula's path moves them; the parcelas already apart are moved now. The Parcelas list's search then finds the
-- matrículas in the caller's scope first.
CREATE FUNCTION public.parcelas_seguem_matricula()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE "parcelas" SET "evento_id" = NEW."evento_id", "cliente_id" = NEW."cliente_id",
      "vendedor_id" = NEW."vendedor_id", "micro_franquia_id" = NEW."micro_franquia_id",
      "franquia_id" = NEW."franquia_id", "franqueador_id" = NEW."franqueador_id"
    WHERE "matricula_id" = NEW."id"
      AND ("evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id")
        IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id",
          NEW."franquia_id", NEW."franqueador_id");
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER "matriculas_parcelas_seguem" AFTER UPDATE OF "evento_id", "cliente_id", "vendedor_id", "micro_franquia_id", "franquia_id", "franqueador_id"
  ON "matriculas" FOR EACH ROW
  WHEN ((OLD."evento_id", OLD."cliente_id", OLD."vendedor_id", OLD."micro_franquia_id", OLD."franquia_id", OLD."franqueador_id")
    IS DISTINCT FROM (NEW."evento_id", NEW."cliente_id", NEW."vendedor_id", NEW."micro_franquia_id", NEW."franquia_id", NEW."franqueador_id"))
  EXECUTE FUNCTION "parcelas_seguem_matricula"();--> statement-breakpoint
UPDATE "parcelas" p SET "evento_id" = m."evento_id", "cliente_id" = m."cliente_id", "vendedor_id" = m."vendedor_id",
    "micro_franquia_id" = m."micro_franquia_id", "franquia_id" = m."franquia_id", "franqueador_id" = m."franqueador_id"
  FROM "matriculas" m
  WHERE m."id" = p."matricula_id"
    AND (p."evento_id", p."cliente_id", p."vendedor_id", p."micro_franquia_id", p."franquia_id", p."franqueador_id")
      IS DISTINCT FROM (m."evento_id", m."cliente_id", m."vendedor_id", m."micro_franquia_id", m."franquia_id", m."franqueador_id");
