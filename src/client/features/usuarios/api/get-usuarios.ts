import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/roles';
import type { UsuarioView } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';

export interface UsuariosParams {
  /** 'nome', '-nome', 'status' or '-status' (issue 23); absent is newest first. */
  sort?: string;
  q?: string;
  role?: Role;
  page: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
  pageSize: number;
}

export const getUsuarios = (params: UsuariosParams) =>
  api.list<UsuarioView>('/api/usuarios', { params: { ...params } });

/** Every usuários query starts with this key; saves invalidate it. */
export const USUARIOS_QUERY_KEY = ['usuarios'] as const;

export const getUsuariosQueryOptions = (params: UsuariosParams) =>
  queryOptions({
    queryKey: [...USUARIOS_QUERY_KEY, 'list', params],
    queryFn: () => getUsuarios(params),
    placeholderData: keepPreviousData,
    // A live list (issue 23, ADR 024): read again on focus and every 30 s while visible.
    ...liveListOptions,
  });

export const useUsuarios = (params: UsuariosParams) => useQuery(getUsuariosQueryOptions(params));
