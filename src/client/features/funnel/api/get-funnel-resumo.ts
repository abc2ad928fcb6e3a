import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunnelResumo } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

export type ResumoSource = 'leads' | 'pre-matriculas' | 'matriculas';

/** The counts behind the metric cards, computed by the server (never by loading the whole list). */
export const getFunnelResumo = (source: ResumoSource): Promise<FunnelResumo> =>
  api.get<FunnelResumo>(`/api/${source}/resumo`);

export const getFunnelResumoQueryOptions = (source: ResumoSource) =>
  queryOptions({
    queryKey: [...FUNNEL_QUERY_KEY, 'resumo', source],
    queryFn: () => getFunnelResumo(source),
    // The cards count what arrives during an event, like their list (issue 23).
    ...liveListOptions,
  });

export const useFunnelResumo = (source: ResumoSource) => useQuery(getFunnelResumoQueryOptions(source));
