-- Issue 44 (ADR 082): the commission ledger is append-only -- no UPDATE, no DELETE, no TRUNCATE, except the cascade
-- of a parcela's own delete (the application never deletes one), which runs inside the foreign key's trigger.
-- Defined by migration 0048; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.comissao_lancamentos_imutavel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'comissao_lancamentos é somente de inclusão (%)', TG_OP USING ERRCODE = '42501';
END
$function$;
