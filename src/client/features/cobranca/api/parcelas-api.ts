import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelaItem, ParcelaStatus } from '@shared/schemas/parcela';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Cobrança (issue 43, ADR 071): the staff's 'Parcelas', the aluno's 'Minhas parcelas', the simulated payment. */

export const PARCELAS_QUERY_KEY = ['parcelas'] as const;

export interface ParcelasParams {
  q?: string;
  status?: ParcelaStatus;
  vencimentoDe?: string;
  vencimentoAte?: string;
  page: number;
  pageSize: number;
}

export const getParcelas = (params: ParcelasParams) =>
  api.list<ParcelaItem>('/api/parcelas', { params: { ...params } });

export const useParcelas = (params: ParcelasParams) =>
  useQuery(
    queryOptions({
      queryKey: [...PARCELAS_QUERY_KEY, 'lista', params],
      queryFn: () => getParcelas(params),
      placeholderData: keepPreviousData,
    }),
  );

export const getMinhasParcelas = () => api.get<ParcelaItem[]>('/api/user/parcelas');

export const useMinhasParcelas = () =>
  useQuery(queryOptions({ queryKey: [...PARCELAS_QUERY_KEY, 'minhas'], queryFn: getMinhasParcelas }));

export const simularPagamento = ({ id }: { id: string }) =>
  api.post<{ message: string; parcela: ParcelaItem }>(`/api/parcelas/${encodeURIComponent(id)}/simular-pagamento`);

export const useSimularPagamento = (config: MutationConfig<typeof simularPagamento> = {}) =>
  useApiMutation(simularPagamento, { invalidates: { keys: [PARCELAS_QUERY_KEY] } }, config);
