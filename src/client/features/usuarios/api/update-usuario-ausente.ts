import type { UsuarioView } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { USUARIOS_QUERY_KEY } from './get-usuarios';

export interface UpdateUsuarioAusenteInput {
  id: string;
  ausente: boolean;
}

/** PATCH /api/usuarios/:id {ausente} (issue 50): a vendedor away is skipped by the distribution of new leads. */
export const updateUsuarioAusente = ({ id, ausente }: UpdateUsuarioAusenteInput) =>
  api.patch<UsuarioView>(`/api/usuarios/${encodeURIComponent(id)}`, { ausente });

export const useUpdateUsuarioAusente = (config: MutationConfig<typeof updateUsuarioAusente> = {}) =>
  useApiMutation(updateUsuarioAusente, { invalidates: { keys: [USUARIOS_QUERY_KEY] } }, config);
