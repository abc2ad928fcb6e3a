-- Anonymisation (issue 18, ADR 026) reaches the copies the audit trail holds: the personal fields of a change,
-- and the address, browser and details of what the titular's own account did. The trail stays append-only for
-- everything else: an UPDATE is let through only inside audit_log_anonimizar(), and only of those columns.
-- Defined by migrations 0011, 0014; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.audit_log_imutavel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purga', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('audit.anonimizar', true) = 'on'
     AND NEW.id = OLD.id AND NEW.em = OLD.em AND NEW.acao = OLD.acao AND NEW.entidade = OLD.entidade
     AND NEW.entidade_id IS NOT DISTINCT FROM OLD.entidade_id AND NEW.usuario_id IS NOT DISTINCT FROM OLD.usuario_id
     AND NEW.papel IS NOT DISTINCT FROM OLD.papel AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id
     AND NEW.franqueador_id IS NOT DISTINCT FROM OLD.franqueador_id
     AND NEW.franquia_id IS NOT DISTINCT FROM OLD.franquia_id
     AND NEW.micro_franquia_id IS NOT DISTINCT FROM OLD.micro_franquia_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log é somente de inclusão (%)', TG_OP USING ERRCODE = '42501';
END
$function$;
