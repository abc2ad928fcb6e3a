import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClienteCreate, ClienteUpdate, ClienteView } from '@shared/schemas/cliente';
import type { StatusInput } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { CLIENTES_QUERY_KEY } from './get-clientes';

/** POST a new cliente; PATCH an existing one with the edit payload or only isActive (SPEC §7). */
export type SaveClienteInput =
  { id?: undefined; data: ClienteCreate } | { id: string; data: ClienteUpdate | StatusInput };

export const saveCliente = ({ id, data }: SaveClienteInput) =>
  id === undefined ? api.post<ClienteView>('/api/clientes', data) : api.patch<ClienteView>(`/api/clientes/${id}`, data);

export interface UseSaveClienteOptions {
  onSuccess?: (data: ClienteView, input: SaveClienteInput) => void;
  onError?: (error: Error, input: SaveClienteInput) => void;
}

export function useSaveCliente({ onSuccess, onError }: UseSaveClienteOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCliente,
    onSuccess: async (data, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CLIENTES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]);
      onSuccess?.(data, input);
    },
    onError,
  });
}
