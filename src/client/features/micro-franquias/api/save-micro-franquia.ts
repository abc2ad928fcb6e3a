import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MicroFranquiaCreate, MicroFranquiaUpdate, MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { MICRO_FRANQUIAS_QUERY_KEY } from './get-micro-franquias';

/** POST a new micro-franquia, or PATCH an existing one (SPEC §7); the list and the metrics are read again. */
export type SaveMicroFranquiaInput =
  { id?: undefined; data: MicroFranquiaCreate } | { id: string; data: MicroFranquiaUpdate };

export const saveMicroFranquia = ({ id, data }: SaveMicroFranquiaInput) =>
  id === undefined
    ? api.post<MicroFranquiaView>('/api/micro-franquias', data)
    : api.patch<MicroFranquiaView>(`/api/micro-franquias/${id}`, data);

export interface UseSaveMicroFranquiaOptions {
  onSuccess?: (data: MicroFranquiaView, input: SaveMicroFranquiaInput) => void;
  onError?: (error: Error, input: SaveMicroFranquiaInput) => void;
}

export function useSaveMicroFranquia({ onSuccess, onError }: UseSaveMicroFranquiaOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMicroFranquia,
    onSuccess: async (data, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MICRO_FRANQUIAS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]);
      onSuccess?.(data, input);
    },
    onError,
  });
}
