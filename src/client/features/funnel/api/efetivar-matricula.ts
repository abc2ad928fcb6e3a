import type { MatriculaItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { ACOMPANHAMENTO_RESUMO_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/**
 * Converts a pre-matrícula into an effective matrícula (POST /api/matriculas/efetivar/:id). Without `cursoId` no
 * body is sent (SPEC §7's call): the server takes the course the pré-matrícula or its event determine (issue 42).
 */
export const efetivarMatricula = ({ id, cursoId }: { id: string; cursoId?: string }) =>
  api.post<MatriculaItem>(
    `/api/matriculas/efetivar/${encodeURIComponent(id)}`,
    cursoId === undefined ? undefined : { cursoId },
  );

/**
 * Both lists, their cards and the dashboard counts are read again afterwards (the follow-up's too: the lead is
 * converted, no longer due); after a failure the lists too (already effective elsewhere, 409: show the list as it
 * now is).
 */
export const useEfetivarMatricula = (config: MutationConfig<typeof efetivarMatricula> = {}) =>
  useApiMutation(
    efetivarMatricula,
    {
      invalidates: { keys: [FUNNEL_QUERY_KEY, ACOMPANHAMENTO_RESUMO_QUERY_KEY], metrics: true },
      invalidatesOnError: { keys: [FUNNEL_QUERY_KEY] },
    },
    config,
  );
