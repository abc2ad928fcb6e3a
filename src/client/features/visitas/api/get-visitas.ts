import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitaStatus, VisitaView } from '@shared/schemas/visita';
import { api } from '@/lib/api-client';

/** Every visit query (the list, the agenda) starts with this key: a visit scheduled or logged makes them stale. */
export const VISITAS_QUERY_KEY = ['visitas'] as const;

export interface VisitasParams {
  page: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
  pageSize: number;
  q?: string;
  de?: string;
  ate?: string;
  vendedorId?: string;
  clienteId?: string;
  status?: VisitaStatus;
}

/** A page of the visits the caller sees (GET /api/visitas, X-Total-Count). */
export const getVisitas = (params: VisitasParams) => api.list<VisitaView>('/api/visitas', { params: { ...params } });

export const getVisitasQueryOptions = (params: VisitasParams) =>
  queryOptions({
    queryKey: [...VISITAS_QUERY_KEY, 'lista', params],
    queryFn: () => getVisitas(params),
    placeholderData: keepPreviousData,
  });

export const useVisitas = (params: VisitasParams) => useQuery(getVisitasQueryOptions(params));
