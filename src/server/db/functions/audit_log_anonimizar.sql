-- Anonymises the audit trail's copies of a titular's data (issue 18, ADR 026): `registros` are the anonymised
-- leads, pré-matrículas and matrículas; `contas` the titular's aluno accounts.
-- Defined by migration 0014; this file is its definition today (ADR 061).
CREATE OR REPLACE FUNCTION public.audit_log_anonimizar(registros uuid[], contas uuid[])
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
DECLARE
  alteradas bigint;
BEGIN
  PERFORM set_config('audit.anonimizar', 'on', true);
  UPDATE audit_log a SET
    alteracoes = CASE WHEN a.alteracoes IS NULL OR jsonb_typeof(a.alteracoes) <> 'object' THEN a.alteracoes ELSE (
      SELECT jsonb_object_agg(e.k, CASE
        WHEN e.k IN ('nome', 'nomeAluno', 'nomeResponsavel', 'email', 'newEmail', 'novoEmail', 'telefone', 'celular',
                     'cpf', 'cpfAluno', 'cpfResponsavel', 'endereco', 'dataNascimento')
        THEN '["(anonimizado)", "(anonimizado)"]'::jsonb ELSE e.v END)
      FROM jsonb_each(a.alteracoes) AS e(k, v)) END,
    detalhes = CASE WHEN a.usuario_id = ANY (contas) OR a.entidade_id = ANY (contas) THEN NULL ELSE a.detalhes END,
    ip = CASE WHEN a.usuario_id = ANY (contas) THEN NULL ELSE a.ip END,
    user_agent = CASE WHEN a.usuario_id = ANY (contas) THEN NULL ELSE a.user_agent END
  WHERE a.entidade_id = ANY (registros || contas) OR a.usuario_id = ANY (contas);
  GET DIAGNOSTICS alteradas = ROW_COUNT;
  PERFORM set_config('audit.anonimizar', 'off', true);
  RETURN alteradas;
END
$function$;
