import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PreMatriculaItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import type { PreMatriculaStatus } from '@shared/enums';
import { FUNNEL_QUERY_KEY, type FunnelListParams } from './funnel-keys';

/** Pré-Matrículas' own filter besides the funnel's (issue 23). */
export type PreMatriculasParams = FunnelListParams & { situacao?: PreMatriculaStatus };

export const getPreMatriculas = (params: PreMatriculasParams) =>
  api.list<PreMatriculaItem>('/api/pre-matriculas', { params: { ...params } });

export const getPreMatriculasQueryOptions = (params: PreMatriculasParams) =>
  queryOptions({
    queryKey: [...FUNNEL_QUERY_KEY, 'pre-matriculas', params],
    queryFn: () => getPreMatriculas(params),
    placeholderData: keepPreviousData,
    ...liveListOptions,
  });

export const usePreMatriculas = (params: PreMatriculasParams) => useQuery(getPreMatriculasQueryOptions(params));
