import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReguaBody, ReguaView } from '@shared/schemas/regua';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Régua de cobrança (issue 43, ADR 078): a franquia's steps, and the franquias the franqueador picks from. */

export const REGUA_QUERY_KEY = ['cobranca', 'regua'] as const;

/** The franquia's régua; the franqueador names it (`franquiaId`), a franquia reads its own (null). */
export const getRegua = (franquiaId: string | null) =>
  api.get<ReguaView>('/api/cobranca/regua', { params: franquiaId ? { franquiaId } : {} });

export const useRegua = (franquiaId: string | null, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: [...REGUA_QUERY_KEY, franquiaId],
      queryFn: () => getRegua(franquiaId),
      enabled,
    }),
  );

export interface FranquiaDaRegua {
  id: string;
  razaoSocial: string;
}

export const useFranquiasDaRegua = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...REGUA_QUERY_KEY, 'franquias'],
      queryFn: () => api.list<FranquiaDaRegua>('/api/franquias', { params: { pageSize: 500 } }),
      enabled,
    }),
  );

const salvar = (body: ReguaBody) => api.put<{ message: string; regua: ReguaView }>('/api/cobranca/regua', body);

export const useSalvarRegua = (config: MutationConfig<typeof salvar> = {}) =>
  useApiMutation(salvar, { invalidates: { keys: [REGUA_QUERY_KEY] } }, config);
