-- Issue 43: a parcela someone owes ('aberta', 'paga', 'vencida') counts on its due day, in its status, at every node
-- of its path; a payment, an overdue, a refund, a cancellation, a new value, day or path -- or its removal -- takes it
-- away from where it was counted and adds it where it now is.
-- Defined by migration 0069; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.parcelas_vencimento_count()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" IN ('aberta', 'paga', 'vencida') THEN
    PERFORM "parcelas_vencimento_add"(ARRAY[OLD."franqueador_id", OLD."franquia_id", OLD."micro_franquia_id", OLD."vendedor_id", OLD."cliente_id"],
      OLD."vencimento", OLD."status", -OLD."valor_centavos"::bigint, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" IN ('aberta', 'paga', 'vencida') THEN
    PERFORM "parcelas_vencimento_add"(ARRAY[NEW."franqueador_id", NEW."franquia_id", NEW."micro_franquia_id", NEW."vendedor_id", NEW."cliente_id"],
      NEW."vencimento", NEW."status", NEW."valor_centavos"::bigint, 1);
  END IF;
  RETURN NULL;
END $function$;
