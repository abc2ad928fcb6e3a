import type { MicroFranquiaUpdate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { MICRO_FRANQUIAS_QUERY_KEY } from './get-micro-franquias';

export interface UpdateMicroFranquiaInput {
  id: string;
  data: MicroFranquiaUpdate;
}

/** PATCH a micro-franquia with the edit form's fields (SPEC §7). */
export const updateMicroFranquia = ({ id, data }: UpdateMicroFranquiaInput) =>
  api.patch<MicroFranquiaView>(`/api/micro-franquias/${id}`, data);

export const useUpdateMicroFranquia = (config: MutationConfig<typeof updateMicroFranquia> = {}) =>
  useApiMutation(updateMicroFranquia, { invalidates: { keys: [MICRO_FRANQUIAS_QUERY_KEY], metrics: true } }, config);
