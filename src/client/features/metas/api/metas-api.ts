import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetaEtapa } from '@shared/metas/enums';
import type { DistribuirInput, MetaInput, MetasPainelView, MetasView, RankingView } from '@shared/schemas/metas';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/**
 * Metas e rankings (issue 48): the caller's goals and its children's for a month and stage, the dashboard's summary,
 * the ranking, and the writes. Every key starts with METAS_QUERY_KEY: a goal set or split moves them all.
 */
export const METAS_QUERY_KEY = ['metas'] as const;

export const getMetasQueryOptions = (mes: string, etapa: MetaEtapa) =>
  queryOptions({
    queryKey: [...METAS_QUERY_KEY, 'unidade', mes, etapa],
    queryFn: () => api.get<MetasView>('/api/metas', { params: { mes, etapa } }),
  });
export const useMetas = (mes: string, etapa: MetaEtapa) =>
  useQuery({ ...getMetasQueryOptions(mes, etapa), placeholderData: keepPreviousData });

export const getMetasPainelQueryOptions = (mes: string) =>
  queryOptions({
    queryKey: [...METAS_QUERY_KEY, 'painel', mes],
    queryFn: () => api.get<MetasPainelView>('/api/metas/painel', { params: { mes } }),
  });
export const useMetasPainel = (mes: string) => useQuery(getMetasPainelQueryOptions(mes));

export const getRankingQueryOptions = (mes: string, etapa: MetaEtapa) =>
  queryOptions({
    queryKey: [...METAS_QUERY_KEY, 'ranking', mes, etapa],
    queryFn: () => api.get<RankingView>('/api/metas/ranking', { params: { mes, etapa } }),
  });
export const useRanking = (mes: string, etapa: MetaEtapa, enabled: boolean) =>
  useQuery({ ...getRankingQueryOptions(mes, etapa), enabled, placeholderData: keepPreviousData });

const definirMeta = (body: MetaInput) => api.put<MetasView>('/api/metas', body);
export const useDefinirMeta = (config: MutationConfig<typeof definirMeta> = {}) =>
  useApiMutation(definirMeta, { invalidates: { keys: [METAS_QUERY_KEY] } }, config);

const distribuirMeta = (body: DistribuirInput) => api.post<MetasView>('/api/metas/distribuir', body);
export const useDistribuirMeta = (config: MutationConfig<typeof distribuirMeta> = {}) =>
  useApiMutation(distribuirMeta, { invalidates: { keys: [METAS_QUERY_KEY] } }, config);
