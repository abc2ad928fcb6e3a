import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatriculaItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** Converts a pre-matrícula into an effective matrícula (POST /api/matriculas/efetivar/:id). */
export const efetivarMatricula = (preMatriculaId: string) =>
  api.post<MatriculaItem>(`/api/matriculas/efetivar/${encodeURIComponent(preMatriculaId)}`);

export interface UseEfetivarMatriculaOptions {
  onSuccess?: (matricula: MatriculaItem) => void;
  onError?: (error: Error) => void;
}

/** Both lists, their cards and the dashboard counts are read again afterwards. */
export function useEfetivarMatricula({ onSuccess, onError }: UseEfetivarMatriculaOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: efetivarMatricula,
    onSuccess: async (matricula) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: FUNNEL_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]);
      onSuccess?.(matricula);
    },
    onError: (error) => {
      // Already effective elsewhere (409): show the list as it now is.
      void queryClient.invalidateQueries({ queryKey: FUNNEL_QUERY_KEY });
      onError?.(error);
    },
  });
}
