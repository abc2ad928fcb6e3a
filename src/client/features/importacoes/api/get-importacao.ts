import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Importacao } from '@shared/schemas/importacao';
import { api } from '@/lib/api-client';
import { emAndamento, IMPORTACOES_QUERY_KEY } from './get-importacoes';

/** GET /api/importacoes/:id (issue 50): the columns, the preview, the row problems, the counts and the progress. */
export const getImportacao = (id: string) => api.get<Importacao>(`/api/importacoes/${encodeURIComponent(id)}`);

/** The step 'Resultado' asks every second while a job writes its rows or undoes them. */
export const IMPORTACAO_POLL_MS = 1000;

export const importacaoQueryKey = (id: string) => [...IMPORTACOES_QUERY_KEY, 'detalhe', id] as const;

export const getImportacaoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importacaoQueryKey(id),
    queryFn: () => getImportacao(id),
    refetchInterval: (query) => (emAndamento(query.state.data?.status) ? IMPORTACAO_POLL_MS : false),
  });

export const useImportacao = (id: string) => useQuery(getImportacaoQueryOptions(id));

/** The file of the rows that failed, each with its error column (a download: the session cookie goes along). */
export const importacaoErrosCsvUrl = (id: string) => `/api/importacoes/${encodeURIComponent(id)}/erros.csv`;
