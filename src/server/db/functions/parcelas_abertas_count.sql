-- Issue 44: a mensalidade still to be paid (aberta, vencida) counts for its vendedor -- the lead's responsável, else
-- the event's vendedor -- and its micro-franquia, under its network, franquia, curso and value. A new plan adds; a
-- payment, a cancellation or a removal takes away; a refund's reopening or any change of value or place takes it
-- from where it was counted and adds it where it now is. The lead is read FOR SHARE: a new responsável (whose
-- trigger moves the lead's open parcelas) waits for this transaction, or this one for it, and never counts twice.
-- Defined by migration 0070; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_abertas_count()
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
END $function$;
