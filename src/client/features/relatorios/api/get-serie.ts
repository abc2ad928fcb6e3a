import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SerieResposta } from '@shared/schemas/relatorios';
import { api } from '@/lib/api-client';
import { RELATORIOS_QUERY_KEY, type SerieParams } from './relatorios-keys';

/** The three stages per day, week or month, every bucket present (GET /api/relatorios/serie). */
export const getSerie = (params: SerieParams): Promise<SerieResposta> =>
  api.get<SerieResposta>('/api/relatorios/serie', { params: { ...params } });

export const getSerieQueryOptions = (params: SerieParams) =>
  queryOptions({
    queryKey: [...RELATORIOS_QUERY_KEY, 'serie', params],
    queryFn: () => getSerie(params),
    placeholderData: keepPreviousData,
  });

export const useSerie = (params: SerieParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSerieQueryOptions(params), enabled });
