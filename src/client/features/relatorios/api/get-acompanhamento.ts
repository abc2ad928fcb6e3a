import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AcompanhamentoRelatorio } from '@shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { type AcompanhamentoParams, RELATORIOS_QUERY_KEY } from './relatorios-keys';

export interface AcompanhamentoPage {
  resposta: AcompanhamentoRelatorio;
  /** X-Total-Count: the number of groups (the page holds at most pageSize of them). */
  total: number;
}

/** How the period's leads were followed: totals and one page of groups (GET /api/relatorios/acompanhamento). */
export const getAcompanhamento = async (params: AcompanhamentoParams): Promise<AcompanhamentoPage> => {
  const { data, headers } = await apiRequest<AcompanhamentoRelatorio>('GET', '/api/relatorios/acompanhamento', {
    params: { ...params },
  });
  const header = Number(headers.get('X-Total-Count'));
  return {
    resposta: data,
    total: headers.has('X-Total-Count') && Number.isFinite(header) ? header : data.grupos.length,
  };
};

export const getAcompanhamentoQueryOptions = (params: AcompanhamentoParams) =>
  queryOptions({
    queryKey: [...RELATORIOS_QUERY_KEY, 'acompanhamento', params],
    queryFn: () => getAcompanhamento(params),
    placeholderData: keepPreviousData,
  });

export const useAcompanhamento = (params: AcompanhamentoParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getAcompanhamentoQueryOptions(params), enabled });
