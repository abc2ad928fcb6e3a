import type { Importacao, ImportacaoConfirmar } from '@shared/schemas/importacao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { IMPORTACOES_QUERY_KEY } from './get-importacoes';

export interface ConfirmarInput extends ImportacaoConfirmar {
  id: string;
}

/** POST /api/importacoes/:id/confirmar (issue 50): 'Importar' -- the job starts writing the rows. */
export const confirmarImportacao = ({ id, ...body }: ConfirmarInput) =>
  api.post<Importacao>(`/api/importacoes/${encodeURIComponent(id)}/confirmar`, body);

/** The rows it writes reach the records' lists and the dashboard's counts too. */
export const useConfirmarImportacao = (config: MutationConfig<typeof confirmarImportacao> = {}) =>
  useApiMutation(confirmarImportacao, { invalidates: { keys: [IMPORTACOES_QUERY_KEY] } }, config);
