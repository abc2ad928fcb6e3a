import type { Perfil, PerfilInput } from '@shared/schemas/conta';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { PERFIL_QUERY_KEY } from './get-perfil';

export const updatePerfil = (data: PerfilInput) => api.patch<Perfil>('/api/user/perfil', data);

/** The shell shows the name from the session, so a new name reads the session again too. */
export const useUpdatePerfil = (config: MutationConfig<typeof updatePerfil> = {}) =>
  useApiMutation(updatePerfil, { invalidates: { keys: [PERFIL_QUERY_KEY, SESSION_QUERY_KEY] } }, config);
