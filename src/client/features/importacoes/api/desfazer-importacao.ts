import type { Importacao } from '@shared/schemas/importacao';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** POST /api/importacoes/:id/desfazer (issue 50): removes what it created (unless it moved on), restores the rest. */
export const desfazerImportacao = (id: string) =>
  api.post<Importacao>(`/api/importacoes/${encodeURIComponent(id)}/desfazer`);

/** Undoing reaches the records' lists, the funnel and the dashboard's counts: everything but the session. */
export const useDesfazerImportacao = (config: MutationConfig<typeof desfazerImportacao> = {}) =>
  useApiMutation(desfazerImportacao, { invalidates: { allExcept: [SESSION_QUERY_KEY] } }, config);
