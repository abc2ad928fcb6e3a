import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PreMatriculaItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import { FUNNEL_QUERY_KEY, type FunnelListParams } from './funnel-keys';

export const getPreMatriculas = (params: FunnelListParams) =>
  api.list<PreMatriculaItem>('/api/pre-matriculas', { params: { ...params } });

export const getPreMatriculasQueryOptions = (params: FunnelListParams) =>
  queryOptions({
    queryKey: [...FUNNEL_QUERY_KEY, 'pre-matriculas', params],
    queryFn: () => getPreMatriculas(params),
    placeholderData: keepPreviousData,
    ...liveListOptions,
  });

export const usePreMatriculas = (params: FunnelListParams) => useQuery(getPreMatriculasQueryOptions(params));
