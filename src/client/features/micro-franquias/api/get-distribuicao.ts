import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DistribuicaoView } from '@shared/schemas/distribuicao';
import { api } from '@/lib/api-client';
import { MICRO_FRANQUIAS_QUERY_KEY } from './get-micro-franquias';

/** GET /api/micro-franquias/:id/distribuicao (issue 50): the rule, the city table and the vendedores in turn. */
export const getDistribuicao = (id: string) =>
  api.get<DistribuicaoView>(`/api/micro-franquias/${encodeURIComponent(id)}/distribuicao`);

export const distribuicaoQueryKey = (id: string) => [...MICRO_FRANQUIAS_QUERY_KEY, 'distribuicao', id] as const;

export const getDistribuicaoQueryOptions = (id: string) =>
  queryOptions({ queryKey: distribuicaoQueryKey(id), queryFn: () => getDistribuicao(id) });

export const useDistribuicao = (id: string | undefined) =>
  useQuery({ ...getDistribuicaoQueryOptions(id ?? ''), enabled: Boolean(id) });
