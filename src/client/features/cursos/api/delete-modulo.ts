import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CURSOS_QUERY_KEY } from './get-cursos';

export interface DeleteModuloInput {
  cursoId: string;
  moduloId: string;
}

export const deleteModulo = ({ cursoId, moduloId }: DeleteModuloInput) =>
  api.delete<{ message: string }>(`/api/cursos/${cursoId}/modulos/${moduloId}`);

/** Removing a saved module deletes it at once (SPEC §4); the list is read again. */
export const useDeleteModulo = (config: MutationConfig<typeof deleteModulo> = {}) =>
  useApiMutation(deleteModulo, { invalidates: { keys: [CURSOS_QUERY_KEY] } }, config);
