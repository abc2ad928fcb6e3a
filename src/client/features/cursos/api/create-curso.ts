import type { Curso, CursoCreateInput } from '@shared/schemas/curso';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { CURSOS_QUERY_KEY } from './get-cursos';

/** The course and its modules in one call (one transaction on the server). */
export const createCurso = (input: CursoCreateInput) => api.post<Curso>('/api/cursos', input);

export const useCreateCurso = (config: MutationConfig<typeof createCurso> = {}) =>
  useApiMutation(createCurso, { invalidates: { keys: [CURSOS_QUERY_KEY], metrics: true } }, config);
