-- Issue 44 (ADR 082): a closed month (the network's, or the line's franquia's) takes no new commission line; the
-- service moves a late event to the next open month, and this refuses whatever would not.
-- Defined by migration 0048; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.comissao_lancamentos_periodo_aberto()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM comissao_fechamentos f WHERE f.franqueador_id = NEW.franqueador_id
      AND f.periodo = NEW.periodo AND (f.franquia_id IS NULL OR f.franquia_id = NEW.franquia_id)) THEN
    RAISE EXCEPTION 'o período % das comissões está fechado', NEW.periodo USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$function$;
