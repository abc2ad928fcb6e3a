import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampanhaCustoInput, campanhaCustoViewSchema, campanhaCustosRespostaSchema } from '@shared/schemas/custos';
import { api, apiRequest } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Issue 48: the campaigns' costs as the browser reads them (instants as ISO text). */
export type CampanhaCustos = z.input<typeof campanhaCustosRespostaSchema>;
export type CampanhaCusto = z.input<typeof campanhaCustoViewSchema>;

export interface CampanhaCustosParams {
  page: number;
  pageSize: number;
  utmCampaign?: string;
}

/** Every key of the campaigns' costs starts here; an addition or a removal invalidates them all. */
export const CAMPANHA_CUSTOS_QUERY_KEY = ['campanha-custos'] as const;

export const getCampanhaCustosQueryOptions = (params: CampanhaCustosParams) =>
  queryOptions({
    queryKey: [...CAMPANHA_CUSTOS_QUERY_KEY, params],
    queryFn: async () => {
      // One object (the page and the sum), the number of costs in X-Total-Count.
      const { data, headers } = await apiRequest<CampanhaCustos>('GET', '/api/campanhas/custos', {
        params: { ...params },
      });
      return { ...data, total: Number(headers.get('X-Total-Count') ?? data.custos.length) };
    },
    placeholderData: keepPreviousData,
  });

export const useCampanhaCustos = (params: CampanhaCustosParams) => useQuery(getCampanhaCustosQueryOptions(params));

export const criarCampanhaCusto = (body: CampanhaCustoInput) => api.post<CampanhaCusto>('/api/campanhas/custos', body);

export const useCriarCampanhaCusto = (config: MutationConfig<typeof criarCampanhaCusto> = {}) =>
  useApiMutation(criarCampanhaCusto, { invalidates: { keys: [CAMPANHA_CUSTOS_QUERY_KEY] } }, config);

export const removerCampanhaCusto = (id: string) => api.delete<void>(`/api/campanhas/custos/${id}`);

export const useRemoverCampanhaCusto = (config: MutationConfig<typeof removerCampanhaCusto> = {}) =>
  useApiMutation(removerCampanhaCusto, { invalidates: { keys: [CAMPANHA_CUSTOS_QUERY_KEY] } }, config);
