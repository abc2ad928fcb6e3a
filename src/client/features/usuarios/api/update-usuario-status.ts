import type { UsuarioView } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

export interface UpdateUsuarioStatusInput {
  id: string;
  isActive: boolean;
}

export const updateUsuarioStatus = ({ id, isActive }: UpdateUsuarioStatusInput) =>
  api.patch<UsuarioView>(`/api/usuarios/${id}`, { isActive });

/**
 * Switching a user also switches its franquia, micro-franquia or cliente row on the server, so every cached
 * list is read again (this one, the dashboard counts, the network lists), not the session.
 */
export const useUpdateUsuarioStatus = (config: MutationConfig<typeof updateUsuarioStatus> = {}) =>
  useApiMutation(updateUsuarioStatus, { invalidates: { allExcept: [SESSION_QUERY_KEY] } }, config);
