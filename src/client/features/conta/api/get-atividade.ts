import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AtividadeItem } from '@shared/schemas/auditoria';
import { api } from '@/lib/api-client';

export const getAtividade = () => api.get<AtividadeItem[]>('/api/user/atividade');

/** The person's own sign-ins and refused attempts of the last 90 days (issue 17). */
export const ATIVIDADE_QUERY_KEY = ['conta', 'atividade'] as const;

export const getAtividadeQueryOptions = () =>
  queryOptions({
    queryKey: ATIVIDADE_QUERY_KEY,
    queryFn: getAtividade,
    // Read again on every visit: sign-ins happen in other browsers, not through this screen.
    staleTime: 0,
  });

export const useAtividade = () => useQuery(getAtividadeQueryOptions());
