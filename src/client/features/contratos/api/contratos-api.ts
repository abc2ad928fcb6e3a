import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContratoRegras, ModeloInput, ModeloPatch, ModeloView } from '@shared/schemas/contrato';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Modelos de contrato (issue 42, ADR 064): the network's template, its draft and versions. */

export const CONTRATOS_QUERY_KEY = ['contratos'] as const;
const MODELOS_KEY = [...CONTRATOS_QUERY_KEY, 'modelos'] as const;

export const getModelosQueryOptions = () =>
  queryOptions({ queryKey: MODELOS_KEY, queryFn: () => api.get<ModeloView[]>('/api/contratos/modelos') });
export const useModelos = () => useQuery(getModelosQueryOptions());

export const useContratoRegras = () =>
  useQuery(
    queryOptions({
      queryKey: [...CONTRATOS_QUERY_KEY, 'regras'],
      queryFn: () => api.get<ContratoRegras>('/api/contratos/regras'),
    }),
  );

const criar = (input: ModeloInput) => api.post<ModeloView>('/api/contratos/modelos', input);
const alterar = ({ id, ...patch }: ModeloPatch & { id: string }) =>
  api.patch<ModeloView>(`/api/contratos/modelos/${encodeURIComponent(id)}`, patch);
const publicar = ({ id }: { id: string }) =>
  api.post<ModeloView>(`/api/contratos/modelos/${encodeURIComponent(id)}/publicar`);

const MODELOS = { keys: [MODELOS_KEY] } as const;

export const useCriarModelo = (config: MutationConfig<typeof criar> = {}) =>
  useApiMutation(criar, { invalidates: MODELOS }, config);
export const useAlterarModelo = (config: MutationConfig<typeof alterar> = {}) =>
  useApiMutation(alterar, { invalidates: MODELOS }, config);
export const usePublicarModelo = (config: MutationConfig<typeof publicar> = {}) =>
  useApiMutation(publicar, { invalidates: MODELOS, invalidatesOnError: MODELOS }, config);
