-- Issue 45 (ADR 089): the royalties' ledger and closed months are append-only -- no UPDATE, no DELETE, no TRUNCATE,
-- except the cascade of a parcela's own delete (the application never deletes one), which runs inside the foreign
-- key's trigger. Defined by migration 0053; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.royalty_imutavel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% é somente de inclusão (%)', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END
$function$;
