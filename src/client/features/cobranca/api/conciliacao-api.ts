import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConciliacaoView } from '@shared/schemas/conciliacao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** The reconciliation with the gateway (issue 43, ADR 080): the last run in scope, and a run now. */

export const CONCILIACAO_QUERY_KEY = ['cobranca', 'conciliacao'] as const;

export const useConciliacao = () =>
  useQuery(
    queryOptions({
      queryKey: CONCILIACAO_QUERY_KEY,
      queryFn: () => api.get<ConciliacaoView>('/api/cobranca/conciliacao'),
    }),
  );

const conciliar = () => api.post<ConciliacaoView & { message: string }>('/api/cobranca/conciliacao');

/** 'Conciliar agora': the parcelas it fixed change too, so their lists are read again. */
export const useConciliar = (config: MutationConfig<typeof conciliar> = {}) =>
  useApiMutation(conciliar, { invalidates: { keys: [CONCILIACAO_QUERY_KEY, ['parcelas']] } }, config);
