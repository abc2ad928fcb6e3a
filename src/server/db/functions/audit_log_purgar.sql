-- The audit trail's retention purge: deletes the rows older than `dias` days (AUDIT_RETENCAO_DIAS) and answers
-- how many.
-- Defined by migration 0011; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.audit_log_purgar(dias integer)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  apagadas bigint;
BEGIN
  IF dias IS NULL OR dias < 1 THEN
    RAISE EXCEPTION 'retenção inválida: %', dias;
  END IF;
  PERFORM set_config('audit.purga', 'on', true);
  DELETE FROM audit_log WHERE em < now() - make_interval(days => dias);
  GET DIAGNOSTICS apagadas = ROW_COUNT;
  PERFORM set_config('audit.purga', 'off', true);
  RETURN apagadas;
END
$function$;
