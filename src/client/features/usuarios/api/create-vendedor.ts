import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendedorCreate, VendedorView } from '@shared/schemas/vendedor';
import { api } from '@/lib/api-client';
import { USUARIOS_QUERY_KEY } from './get-usuarios';

/** SPEC §7: the body carries role 'vendedor'; the server sets the role and the micro-franquia itself. */
export const createVendedor = (data: VendedorCreate) =>
  api.post<VendedorView>('/api/vendedores', { ...data, role: 'vendedor' });

export interface UseCreateVendedorOptions {
  onSuccess?: (data: VendedorView) => void;
  onError?: (error: Error) => void;
}

export function useCreateVendedor({ onSuccess, onError }: UseCreateVendedorOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendedor,
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: USUARIOS_QUERY_KEY });
      onSuccess?.(data);
    },
    onError,
  });
}
