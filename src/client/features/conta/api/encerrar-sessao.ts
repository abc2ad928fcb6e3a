import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { SESSOES_QUERY_KEY } from './get-sessoes';

export const encerrarSessao = (id: string) =>
  api.delete<{ message: string }>(`/api/user/sessoes/${encodeURIComponent(id)}`);

/** A 404 (already ended elsewhere) also reads the list again, so the gone session leaves it. */
export const useEncerrarSessao = (config: MutationConfig<typeof encerrarSessao> = {}) =>
  useApiMutation(
    encerrarSessao,
    { invalidates: { keys: [SESSOES_QUERY_KEY] }, invalidatesOnError: { keys: [SESSOES_QUERY_KEY] } },
    config,
  );
