-- Issue 48: a parcela paid counts in the month of its paga_em, at every node of its scope path; a refund, a
-- chargeback (paga -> estornada), a new day or value, or a paid parcela removed takes it away from where it was
-- counted and adds it where it now is.
-- Defined by migration 0066; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_pagas_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'paga' THEN
    PERFORM "parcelas_pagas_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"],
      OLD."paga_em", -OLD."valor_centavos", -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'paga' THEN
    PERFORM "parcelas_pagas_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"],
      NEW."paga_em", NEW."valor_centavos", 1);
  END IF;
  RETURN NULL;
END $function$;
