import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Curso, CursoCreateInput } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { CURSOS_QUERY_KEY } from './get-cursos';

/** The course and its modules in one call (one transaction on the server). */
export const createCurso = (input: CursoCreateInput) => api.post<Curso>('/api/cursos', input);

export function useCreateCurso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCurso,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURSOS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]),
  });
}
