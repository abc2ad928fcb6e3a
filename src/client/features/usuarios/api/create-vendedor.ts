import type { VendedorCreate, VendedorView } from '@shared/schemas/vendedor';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { USUARIOS_QUERY_KEY } from './get-usuarios';

/** SPEC §7: the body carries role 'vendedor'; the server sets the role and the micro-franquia itself. */
export const createVendedor = (data: VendedorCreate) =>
  api.post<VendedorView>('/api/vendedores', { ...data, role: 'vendedor' });

export const useCreateVendedor = (config: MutationConfig<typeof createVendedor> = {}) =>
  useApiMutation(createVendedor, { invalidates: { keys: [USUARIOS_QUERY_KEY] } }, config);
