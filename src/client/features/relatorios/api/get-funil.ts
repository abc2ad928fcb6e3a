import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FunilResposta } from '@shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { type FunilParams, RELATORIOS_QUERY_KEY } from './relatorios-keys';

export interface FunilPage {
  resposta: FunilResposta;
  /** X-Total-Count: the number of groups (the page holds at most pageSize of them). */
  total: number;
}

/** The funnel's totals and one page of its groups (GET /api/relatorios/funil). */
export const getFunil = async (params: FunilParams): Promise<FunilPage> => {
  const { data, headers } = await apiRequest<FunilResposta>('GET', '/api/relatorios/funil', { params: { ...params } });
  const header = Number(headers.get('X-Total-Count'));
  return {
    resposta: data,
    total: headers.has('X-Total-Count') && Number.isFinite(header) ? header : data.grupos.length,
  };
};

export const getFunilQueryOptions = (params: FunilParams) =>
  queryOptions({
    queryKey: [...RELATORIOS_QUERY_KEY, 'funil', params],
    queryFn: () => getFunil(params),
    placeholderData: keepPreviousData,
  });

export const useFunil = (params: FunilParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getFunilQueryOptions(params), enabled });
