import type { ClienteCreate, ClienteView } from '@shared/schemas/cliente';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CLIENTES_QUERY_KEY } from './get-clientes';

/** POST a new cliente with its access (SPEC §7). */
export const createCliente = (data: ClienteCreate) => api.post<ClienteView>('/api/clientes', data);

export const useCreateCliente = (config: MutationConfig<typeof createCliente> = {}) =>
  useApiMutation(createCliente, { invalidates: { keys: [CLIENTES_QUERY_KEY], metrics: true } }, config);
