import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FranquiaCreate, FranquiaView } from '@shared/schemas/franquia';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { FRANQUIAS_QUERY_KEY } from './get-franquias';

export const createFranquia = (data: FranquiaCreate) => api.post<FranquiaView>('/api/franquias', data);

export interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
  onError?: (error: Error) => void;
}

export function useCreateFranquia({ onSuccess, onError }: MutationCallbacks<FranquiaView> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFranquia,
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
