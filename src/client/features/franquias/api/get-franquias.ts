import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

export interface FranquiasParams {
  /** 'nome', '-nome', 'status' or '-status' (issue 23); absent is newest first. */
  sort?: string;
  q?: string;
  status?: 'ativos' | 'inativos';
  page: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
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
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useFranquias = (params: FranquiasParams) => useQuery(getFranquiasQueryOptions(params));
