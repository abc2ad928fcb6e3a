import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreMatriculaCursoAnswer, PreMatriculaCursoOpcao } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** The courses a pré-matrícula may take: its event's active ones (GET /api/pre-matriculas/:id/cursos, issue 23). */
export const getCursosDaPreMatricula = (id: string) =>
  api.get<PreMatriculaCursoOpcao[]>(`/api/pre-matriculas/${encodeURIComponent(id)}/cursos`);

export const useCursosDaPreMatricula = (id: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...FUNNEL_QUERY_KEY, 'pre-matricula-cursos', id],
      queryFn: () => getCursosDaPreMatricula(id),
      enabled,
    }),
  );

/** Sets, changes or clears (null) the course of a pending pré-matrícula (PATCH /api/pre-matriculas/:id). */
export const definirCurso = ({ id, cursoId }: { id: string; cursoId: string | null }) =>
  api.patch<PreMatriculaCursoAnswer>(`/api/pre-matriculas/${encodeURIComponent(id)}`, { cursoId });

/** The funnel lists are read again afterwards: the row shows its course. */
export const useDefinirCurso = (config: MutationConfig<typeof definirCurso> = {}) =>
  useApiMutation(definirCurso, { invalidates: { keys: [FUNNEL_QUERY_KEY] } }, config);
