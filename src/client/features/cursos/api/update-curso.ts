import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Curso, CursoUpdateBody } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { CURSOS_QUERY_KEY } from './get-cursos';

export interface UpdateCursoInput {
  id: string;
  /** The course fields, or only isActive (deactivation). */
  data: CursoUpdateBody;
}

export const updateCurso = ({ id, data }: UpdateCursoInput) => api.patch<Curso>(`/api/cursos/${id}`, data);

export function useUpdateCurso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurso,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURSOS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]),
  });
}
