import type { AlterarSenhaInput } from '@shared/schemas/conta';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { SESSOES_QUERY_KEY } from './get-sessoes';

export const alterarSenha = (data: AlterarSenhaInput) => api.post<{ message: string }>('/api/user/senha', data);

/** The server ends every other session of the person, so the sessions list is read again. */
export const useAlterarSenha = (config: MutationConfig<typeof alterarSenha> = {}) =>
  useApiMutation(alterarSenha, { invalidates: { keys: [SESSOES_QUERY_KEY] } }, config);
