import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MinhasExportacoes } from '@shared/schemas/exportacoes';
import { api } from '@/lib/api-client';

/** 'Minhas exportações' (issue 51, ADR 091): the caller's exports of the last 24 h. */
export const getMinhasExportacoes = () => api.get<MinhasExportacoes>('/api/exportacoes');

export const MINHAS_EXPORTACOES_QUERY_KEY = ['minhas-exportacoes'] as const;
/** How often the list is asked again while one of its exports is still being written. */
export const MINHAS_EXPORTACOES_POLL_MS = 2000;

export const getMinhasExportacoesQueryOptions = () =>
  queryOptions({
    queryKey: MINHAS_EXPORTACOES_QUERY_KEY,
    queryFn: getMinhasExportacoes,
    refetchInterval: (query) =>
      query.state.data?.itens.some((e) => e.status === 'pendente' || e.status === 'executando')
        ? MINHAS_EXPORTACOES_POLL_MS
        : false,
  });

export const useMinhasExportacoes = () => useQuery(getMinhasExportacoesQueryOptions());
