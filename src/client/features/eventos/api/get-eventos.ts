import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Evento } from '@shared/schemas/evento';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

export interface EventosParams {
  q?: string;
  page: number;
  pageSize: number;
  /** 'dataEvento', '-dataEvento', 'nomeEscola', 'status' (the shared schema's whitelist). */
  sort?: string;
  /** One cliente's events (issue 23: a cliente's row links here). */
  clienteId?: string;
}

export const getEventos = (params: EventosParams) => api.list<Evento>('/api/eventos', { params: { ...params } });

/** Every eventos query starts with this key; saves invalidate it. */
export const EVENTOS_QUERY_KEY = ['eventos'] as const;

export const getEventosQueryOptions = (params: EventosParams) =>
  queryOptions({
    queryKey: [...EVENTOS_QUERY_KEY, 'list', params],
    queryFn: () => getEventos(params),
    placeholderData: keepPreviousData,
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useEventos = (params: EventosParams) => useQuery(getEventosQueryOptions(params));
