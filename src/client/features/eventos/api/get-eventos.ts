import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Evento } from '@shared/schemas/evento';
import { api } from '@/lib/api-client';

export interface EventosParams {
  q?: string;
  page: number;
  pageSize: number;
}

export const getEventos = (params: EventosParams) => api.list<Evento>('/api/eventos', { params: { ...params } });

/** Every eventos query starts with this key; saves invalidate it. */
export const EVENTOS_QUERY_KEY = ['eventos'] as const;

export const getEventosQueryOptions = (params: EventosParams) =>
  queryOptions({
    queryKey: [...EVENTOS_QUERY_KEY, 'list', params],
    queryFn: () => getEventos(params),
    placeholderData: keepPreviousData,
  });

export const useEventos = (params: EventosParams) => useQuery(getEventosQueryOptions(params));
