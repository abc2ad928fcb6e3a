import type { Curso, CursoUpdateBody } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CURSOS_QUERY_KEY } from './get-cursos';

export interface UpdateCursoInput {
  id: string;
  /** The course fields, or only isActive (deactivation). */
  data: CursoUpdateBody;
}

export const updateCurso = ({ id, data }: UpdateCursoInput) => api.patch<Curso>(`/api/cursos/${id}`, data);

export const useUpdateCurso = (config: MutationConfig<typeof updateCurso> = {}) =>
  useApiMutation(updateCurso, { invalidates: { keys: [CURSOS_QUERY_KEY], metrics: true } }, config);
