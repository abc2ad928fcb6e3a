import type { FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FRANQUIAS_QUERY_KEY } from './get-franquias';

export interface SetFranquiaStatusInput {
  id: string;
  isActive: boolean;
}

/** The menu's Desativar/Ativar: PATCH with only isActive (SPEC §7). */
export const setFranquiaStatus = ({ id, isActive }: SetFranquiaStatusInput) =>
  api.patch<FranquiaView>(`/api/franquias/${id}`, { isActive });

export const useSetFranquiaStatus = (config: MutationConfig<typeof setFranquiaStatus> = {}) =>
  useApiMutation(setFranquiaStatus, { invalidates: { keys: [FRANQUIAS_QUERY_KEY], metrics: true } }, config);
