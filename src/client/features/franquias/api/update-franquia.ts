import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FranquiaUpdate, FranquiaView } from '@shared/schemas/franquia';
import type { StatusInput } from '@shared/schemas/usuario';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import type { MutationCallbacks } from './create-franquia';
import { FRANQUIAS_QUERY_KEY } from './get-franquias';

/** SPEC §7: PATCH with the edit payload, or with only isActive (the Desativar/Ativar item). */
export interface UpdateFranquiaInput {
  id: string;
  data: FranquiaUpdate | StatusInput;
}

export const updateFranquia = ({ id, data }: UpdateFranquiaInput) =>
  api.patch<FranquiaView>(`/api/franquias/${id}`, data);

export function useUpdateFranquia({ onSuccess, onError }: MutationCallbacks<FranquiaView> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFranquia,
    onSuccess: async (data) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FRANQUIAS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]);
      onSuccess?.(data);
    },
    onError,
  });
}
