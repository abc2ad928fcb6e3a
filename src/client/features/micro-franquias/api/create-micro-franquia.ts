import type { MicroFranquiaCreate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { MICRO_FRANQUIAS_QUERY_KEY } from './get-micro-franquias';

/** POST a new micro-franquia with its access (SPEC §7). */
export const createMicroFranquia = (data: MicroFranquiaCreate) =>
  api.post<MicroFranquiaView>('/api/micro-franquias', data);

export const useCreateMicroFranquia = (config: MutationConfig<typeof createMicroFranquia> = {}) =>
  useApiMutation(createMicroFranquia, { invalidates: { keys: [MICRO_FRANQUIAS_QUERY_KEY], metrics: true } }, config);
