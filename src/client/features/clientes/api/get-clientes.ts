import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClienteView } from '@shared/schemas/cliente';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

export interface ClientesParams {
  /** 'nome', '-nome', 'status' or '-status' (issue 23); absent is newest first. */
  sort?: string;
  q?: string;
  page: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
  pageSize: number;
}

export const getClientes = (params: ClientesParams) =>
  api.list<ClienteView>('/api/clientes', { params: { ...params } });

/** Every clientes query starts with this key; saves invalidate it. */
export const CLIENTES_QUERY_KEY = ['clientes'] as const;

export const getClientesQueryOptions = (params: ClientesParams) =>
  queryOptions({
    queryKey: [...CLIENTES_QUERY_KEY, 'list', params],
    queryFn: () => getClientes(params),
    placeholderData: keepPreviousData,
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useClientes = (params: ClientesParams) => useQuery(getClientesQueryOptions(params));
