import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Departamento, TicketPrioridade, TicketStatus } from '@shared/enums';
import type { SacTicket } from '@shared/schemas/sac';
import { api, type Page } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

/** Issue 19: the list's filters. */
export interface TicketFilters {
  status?: TicketStatus;
  prioridade?: TicketPrioridade;
  departamento?: Departamento;
  responsavelId?: string;
  atrasados?: boolean;
}

export interface TicketsParams extends TicketFilters {
  page: number;
  pageSize: number;
  /** Title or the beginning of the ticket id; searched on the server. */
  q?: string;
}

/** Every ticket list, whatever its page or search: the key saves invalidate. */
export const TICKETS_QUERY_KEY = ['sac', 'tickets'] as const;

export const getTickets = (params: TicketsParams, signal?: AbortSignal): Promise<Page<SacTicket>> =>
  api.list<SacTicket>('/api/sac/tickets', { params: { ...params }, signal });

export const getTicketsQueryOptions = (params: TicketsParams) =>
  queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, params],
    queryFn: ({ signal }) => getTickets(params, signal),
    // While a new page or search loads, the previous cards stay on screen.
    placeholderData: keepPreviousData,
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useTickets = (params: TicketsParams) => useQuery(getTicketsQueryOptions(params));
