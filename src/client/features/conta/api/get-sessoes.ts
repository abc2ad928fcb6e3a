import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sessao } from '@shared/schemas/conta';
import { api } from '@/lib/api-client';

export const getSessoes = () => api.get<Sessao[]>('/api/user/sessoes');

/** The sessions open in the person's name; ending one, the others, or changing the password refreshes it. */
export const SESSOES_QUERY_KEY = ['conta', 'sessoes'] as const;

export const getSessoesQueryOptions = () => queryOptions({ queryKey: SESSOES_QUERY_KEY, queryFn: getSessoes });

export const useSessoes = () => useQuery(getSessoesQueryOptions());
