import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MatriculaItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import { FUNNEL_QUERY_KEY, type FunnelListParams } from './funnel-keys';

export const getMatriculas = (params: FunnelListParams) =>
  api.list<MatriculaItem>('/api/matriculas', { params: { ...params } });

export const getMatriculasQueryOptions = (params: FunnelListParams) =>
  queryOptions({
    queryKey: [...FUNNEL_QUERY_KEY, 'matriculas', params],
    queryFn: () => getMatriculas(params),
    placeholderData: keepPreviousData,
    ...liveListOptions,
  });

export const useMatriculas = (params: FunnelListParams) => useQuery(getMatriculasQueryOptions(params));
