import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

export interface MicroFranquiasParams {
  /** 'nome', '-nome', 'status' or '-status' (issue 23); absent is newest first. */
  sort?: string;
  q?: string;
  page: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
  pageSize: number;
}

export const getMicroFranquias = (params: MicroFranquiasParams) =>
  api.list<MicroFranquiaView>('/api/micro-franquias', { params: { ...params } });

/** Every micro-franquias query starts with this key; saves invalidate it. */
export const MICRO_FRANQUIAS_QUERY_KEY = ['micro-franquias'] as const;

export const getMicroFranquiasQueryOptions = (params: MicroFranquiasParams) =>
  queryOptions({
    queryKey: [...MICRO_FRANQUIAS_QUERY_KEY, 'list', params],
    queryFn: () => getMicroFranquias(params),
    placeholderData: keepPreviousData,
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useMicroFranquias = (params: MicroFranquiasParams) => useQuery(getMicroFranquiasQueryOptions(params));
