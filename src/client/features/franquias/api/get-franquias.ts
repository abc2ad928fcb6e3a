import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';

export interface FranquiasParams {
  q?: string;
  status?: 'ativos' | 'inativos';
  page: number;
  pageSize: number;
}

export const getFranquias = (params: FranquiasParams) =>
  api.list<FranquiaView>('/api/franquias', { params: { ...params } });

/** Every franquias query starts with this key; saves invalidate it. */
export const FRANQUIAS_QUERY_KEY = ['franquias'] as const;

export const getFranquiasQueryOptions = (params: FranquiasParams) =>
  queryOptions({
    queryKey: [...FRANQUIAS_QUERY_KEY, 'list', params],
    queryFn: () => getFranquias(params),
    // A new search or page keeps the current rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useFranquias = (params: FranquiasParams) => useQuery(getFranquiasQueryOptions(params));
