import type { FranquiaUpdate, FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FRANQUIAS_QUERY_KEY } from './get-franquias';

export interface UpdateFranquiaInput {
  id: string;
  data: FranquiaUpdate;
}

/** PATCH a franquia with the edit form's fields (SPEC §7). */
export const updateFranquia = ({ id, data }: UpdateFranquiaInput) =>
  api.patch<FranquiaView>(`/api/franquias/${id}`, data);

export const useUpdateFranquia = (config: MutationConfig<typeof updateFranquia> = {}) =>
  useApiMutation(updateFranquia, { invalidates: { keys: [FRANQUIAS_QUERY_KEY], metrics: true } }, config);
