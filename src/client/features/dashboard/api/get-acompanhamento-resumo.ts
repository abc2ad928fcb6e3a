import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcompanhamentoResumo } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { ACOMPANHAMENTO_RESUMO_QUERY_KEY } from '@/lib/query-keys';

/** The vendedor's or cliente's follow-up due (GET /api/dashboard/acompanhamento, issue 16). */
export const getAcompanhamentoResumo = (): Promise<AcompanhamentoResumo> =>
  api.get<AcompanhamentoResumo>('/api/dashboard/acompanhamento');

/** A lead's panel invalidates ACOMPANHAMENTO_RESUMO_QUERY_KEY after each change, so the cards follow. */
export const getAcompanhamentoResumoQueryOptions = () =>
  queryOptions({ queryKey: ACOMPANHAMENTO_RESUMO_QUERY_KEY, queryFn: getAcompanhamentoResumo });

export const useAcompanhamentoResumo = () => useQuery(getAcompanhamentoResumoQueryOptions());
