import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { SESSOES_QUERY_KEY } from './get-sessoes';

export const encerrarOutrasSessoes = () => api.post<{ message: string }>('/api/user/sessoes/encerrar-outras');

export const useEncerrarOutrasSessoes = (config: MutationConfig<typeof encerrarOutrasSessoes> = {}) =>
  useApiMutation(encerrarOutrasSessoes, { invalidates: { keys: [SESSOES_QUERY_KEY] } }, config);
