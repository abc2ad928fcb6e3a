import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Exportacao, NovaExportacao } from '@shared/schemas/exportacoes';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Exports with progress (issue 22, ADR 034): started from a list's 'Exportar CSV', followed until the file. */

export const EXPORTACOES_QUERY_KEY = ['exportacoes'] as const;
/** How often a running export is asked for its rows done. */
export const EXPORTACAO_POLL_MS = 1000;

export const emAndamento = (exportacao: Exportacao | undefined): boolean =>
  exportacao?.status === 'pendente' || exportacao?.status === 'executando';

/** `url`: the list's `/api/<lista>/exportacoes` with the screen's filters. */
export const iniciarExportacao = ({ url }: { url: string }) => api.post<NovaExportacao>(url);

export const useIniciarExportacao = (config: MutationConfig<typeof iniciarExportacao> = {}) =>
  useApiMutation(iniciarExportacao, {}, config);

export const cancelarExportacao = ({ id }: { id: string }) =>
  api.post<Exportacao>(`/api/exportacoes/${encodeURIComponent(id)}/cancelar`);

export const useCancelarExportacao = (config: MutationConfig<typeof cancelarExportacao> = {}) =>
  useApiMutation(cancelarExportacao, { invalidates: { keys: [EXPORTACOES_QUERY_KEY] } }, config);

/** The export's progress, asked every second while it runs. */
export const useExportacao = (inicial: Exportacao | null) =>
  useQuery(
    queryOptions({
      queryKey: [...EXPORTACOES_QUERY_KEY, inicial?.id],
      queryFn: () => api.get<Exportacao>(`/api/exportacoes/${encodeURIComponent(inicial!.id)}`),
      enabled: inicial !== null,
      initialData: inicial ?? undefined,
      refetchInterval: (query) => (emAndamento(query.state.data) ? EXPORTACAO_POLL_MS : false),
    }),
  );
