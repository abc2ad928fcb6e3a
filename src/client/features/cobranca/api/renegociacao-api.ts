import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelaItem } from '@shared/schemas/parcela';
import type { CobrancaConfiguracao, RenegociacaoItem, RenegociarBody } from '@shared/schemas/renegociacao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { PARCELAS_QUERY_KEY } from './parcelas-api';

/** Renegociação (issue 43, ADR 079): a matrícula's renegotiations, the act itself, and the network's cap. */

export const RENEGOCIACOES_QUERY_KEY = [...PARCELAS_QUERY_KEY, 'renegociacoes'] as const;
export const COBRANCA_CONFIGURACAO_QUERY_KEY = ['cobranca', 'configuracao'] as const;

export const getRenegociacoes = (matriculaId: string) =>
  api.get<RenegociacaoItem[]>(`/api/matriculas/${encodeURIComponent(matriculaId)}/renegociacoes`);

/**
 * The history; while the latest waits for its job (the new plan billed at the gateway), read again every 1.5 s, so
 * the new parcelas appear without a reload (`aoConcluir` is told, to read the record's parcelas again).
 */
export const useRenegociacoes = (matriculaId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...RENEGOCIACOES_QUERY_KEY, matriculaId],
      queryFn: () => getRenegociacoes(matriculaId),
      refetchInterval: (query) => (query.state.data?.some((r) => !r.concluida) ? 1500 : false),
    }),
  );

export const renegociar = ({ matriculaId, ...body }: RenegociarBody & { matriculaId: string }) =>
  api.post<{ message: string; renegociacao: RenegociacaoItem; parcelas: ParcelaItem[] }>(
    `/api/matriculas/${encodeURIComponent(matriculaId)}/renegociar`,
    body,
  );

export const useRenegociar = (
  outras: readonly (readonly unknown[])[] = [],
  config: MutationConfig<typeof renegociar> = {},
) =>
  useApiMutation(
    renegociar,
    {
      invalidates: { keys: [PARCELAS_QUERY_KEY, ...outras] },
      invalidatesOnError: { keys: [PARCELAS_QUERY_KEY, ...outras] },
    },
    config,
  );

export const getCobrancaConfiguracao = () => api.get<CobrancaConfiguracao>('/api/cobranca/configuracao');

export const useCobrancaConfiguracao = (enabled = true) =>
  useQuery(queryOptions({ queryKey: COBRANCA_CONFIGURACAO_QUERY_KEY, queryFn: getCobrancaConfiguracao, enabled }));

export const salvarCobrancaConfiguracao = (body: CobrancaConfiguracao) =>
  api.put<CobrancaConfiguracao>('/api/cobranca/configuracao', body);

export const useSalvarCobrancaConfiguracao = (config: MutationConfig<typeof salvarCobrancaConfiguracao> = {}) =>
  useApiMutation(salvarCobrancaConfiguracao, { invalidates: { keys: [COBRANCA_CONFIGURACAO_QUERY_KEY] } }, config);
