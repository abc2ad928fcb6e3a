import type { FranquiaCreate, FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FRANQUIAS_QUERY_KEY } from './get-franquias';

/** POST a new franquia with its access (SPEC §7). */
export const createFranquia = (data: FranquiaCreate) => api.post<FranquiaView>('/api/franquias', data);

export const useCreateFranquia = (config: MutationConfig<typeof createFranquia> = {}) =>
  useApiMutation(createFranquia, { invalidates: { keys: [FRANQUIAS_QUERY_KEY], metrics: true } }, config);
