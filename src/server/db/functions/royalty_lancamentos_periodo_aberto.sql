-- Issue 45 (ADR 089): a franquia's closed month takes no new royalty line; the service moves a late event to the
-- next open month, and this refuses whatever would not.
-- Defined by migration 0053; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.royalty_lancamentos_periodo_aberto()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM royalty_fechamentos f WHERE f.franquia_id = NEW.franquia_id AND f.periodo = NEW.periodo) THEN
    RAISE EXCEPTION 'o período % dos royalties está fechado', NEW.periodo USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$function$;
