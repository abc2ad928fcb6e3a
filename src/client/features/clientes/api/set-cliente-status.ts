import type { ClienteView } from '@shared/schemas/cliente';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CLIENTES_QUERY_KEY } from './get-clientes';

export interface SetClienteStatusInput {
  id: string;
  isActive: boolean;
}

/** Desativar/Ativar: PATCH with only isActive (SPEC §7); the server also switches the cliente's sign-in. */
export const setClienteStatus = ({ id, isActive }: SetClienteStatusInput) =>
  api.patch<ClienteView>(`/api/clientes/${id}`, { isActive });

export const useSetClienteStatus = (config: MutationConfig<typeof setClienteStatus> = {}) =>
  useApiMutation(setClienteStatus, { invalidates: { keys: [CLIENTES_QUERY_KEY], metrics: true } }, config);
