import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportacaoResumo } from '@shared/schemas/importacao';
import { api } from '@/lib/api-client';

/** Every import query starts here: an upload, a mapping, a confirmation or an undo refreshes them all. */
export const IMPORTACOES_QUERY_KEY = ['importacoes'] as const;

/** GET /api/importacoes (issue 50): the caller's imports, newest first. */
export const getImportacoes = () => api.get<ImportacaoResumo[]>('/api/importacoes');

/** A job is still at work on the import: writing its rows, or undoing them. */
export const emAndamento = (status: string | undefined) => status === 'importando' || status === 'desfazendo';

/** How often the list is asked again while one of its imports is still being written or undone. */
export const IMPORTACOES_POLL_MS = 2000;

export const getImportacoesQueryOptions = () =>
  queryOptions({
    queryKey: [...IMPORTACOES_QUERY_KEY, 'lista'],
    queryFn: getImportacoes,
    refetchInterval: (query) => (query.state.data?.some((i) => emAndamento(i.status)) ? IMPORTACOES_POLL_MS : false),
  });

export const useImportacoes = () => useQuery(getImportacoesQueryOptions());
