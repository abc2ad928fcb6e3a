import type { ClienteUpdate, ClienteView } from '@shared/schemas/cliente';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CLIENTES_QUERY_KEY } from './get-clientes';

export interface UpdateClienteInput {
  id: string;
  data: ClienteUpdate;
}

/** PATCH a cliente with the edit form's fields (SPEC §7). */
export const updateCliente = ({ id, data }: UpdateClienteInput) => api.patch<ClienteView>(`/api/clientes/${id}`, data);

export const useUpdateCliente = (config: MutationConfig<typeof updateCliente> = {}) =>
  useApiMutation(updateCliente, { invalidates: { keys: [CLIENTES_QUERY_KEY], metrics: true } }, config);
