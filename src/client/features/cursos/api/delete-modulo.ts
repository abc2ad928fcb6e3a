import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CURSOS_QUERY_KEY } from './get-cursos';

export interface DeleteModuloInput {
  cursoId: string;
  moduloId: string;
}

export const deleteModulo = ({ cursoId, moduloId }: DeleteModuloInput) =>
  api.delete<{ message: string }>(`/api/cursos/${cursoId}/modulos/${moduloId}`);

/** Removing a saved module deletes it at once (SPEC §4); the list is read again. */
export function useDeleteModulo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModulo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURSOS_QUERY_KEY }),
  });
}
