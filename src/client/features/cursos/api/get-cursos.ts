import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Curso } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';

export interface CursosParams {
  /** 'nome', '-nome', 'status' or '-status' (issue 23); absent is newest first. */
  sort?: string;
  page: number;
  pageSize: number;
}

export const getCursos = (params: CursosParams) => api.list<Curso>('/api/cursos', { params: { ...params } });

/** Every cursos query starts with this key; saves invalidate it. */
export const CURSOS_QUERY_KEY = ['cursos'] as const;

export const getCursosQueryOptions = (params: CursosParams) =>
  queryOptions({
    queryKey: [...CURSOS_QUERY_KEY, 'list', params],
    queryFn: () => getCursos(params),
    placeholderData: keepPreviousData,
  });

export const useCursos = (params: CursosParams) => useQuery(getCursosQueryOptions(params));
