import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MatriculaItem } from '@shared/schemas/funnel';
import type { MatriculaStatus } from '@shared/schemas/matricula';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import { FUNNEL_QUERY_KEY, type FunnelListParams } from './funnel-keys';

/** Matrículas' own filter besides the funnel's (issue 42): the contract's status. */
export type MatriculasParams = Omit<FunnelListParams, 'status'> & { status?: MatriculaStatus };

export const getMatriculas = (params: MatriculasParams) =>
  api.list<MatriculaItem>('/api/matriculas', { params: { ...params } });

export const getMatriculasQueryOptions = (params: MatriculasParams) =>
  queryOptions({
    queryKey: [...FUNNEL_QUERY_KEY, 'matriculas', params],
    queryFn: () => getMatriculas(params),
    placeholderData: keepPreviousData,
    ...liveListOptions,
  });

export const useMatriculas = (params: MatriculasParams) => useQuery(getMatriculasQueryOptions(params));
