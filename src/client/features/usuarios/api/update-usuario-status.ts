import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsuarioView } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';

export interface UpdateUsuarioStatusInput {
  id: string;
  isActive: boolean;
}

export const updateUsuarioStatus = ({ id, isActive }: UpdateUsuarioStatusInput) =>
  api.patch<UsuarioView>(`/api/usuarios/${id}`, { isActive });

export interface UseUpdateUsuarioStatusOptions {
  onSuccess?: (data: UsuarioView) => void;
  onError?: (error: Error, input: UpdateUsuarioStatusInput) => void;
}

/**
 * Switching a user also switches its franquia, micro-franquia or cliente row on the server, so every cached
 * list is read again, not only this one.
 */
export function useUpdateUsuarioStatus({ onSuccess, onError }: UseUpdateUsuarioStatusOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUsuarioStatus,
    onSuccess: async (data) => {
      // Everything but the session: this list, the dashboard counts and the network lists.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'user' });
      onSuccess?.(data);
    },
    onError,
  });
}
