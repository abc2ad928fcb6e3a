import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AnonimizarAnswer,
  LgpdMensagem,
  PedidoItem,
  PedidoPatchInput,
  PedidoStatus,
  RetencaoResumo,
  TitularIdentificador,
  TitularRegistros,
} from '@shared/schemas/lgpd';
import type { PedidoCorrecaoInput } from '@shared/schemas/correcao';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** The staff's side of the titulares' rights (issue 18): requests, a titular's records, anonymisation, retention. */

export const LGPD_QUERY_KEY = ['lgpd'] as const;
const PEDIDOS_KEY = [...LGPD_QUERY_KEY, 'pedidos'] as const;
const TITULARES_KEY = [...LGPD_QUERY_KEY, 'titulares'] as const;
const RETENCAO_KEY = [...LGPD_QUERY_KEY, 'retencao'] as const;

/** The answers' types, inferred from the routes' response schemas (ADR 018). */
export type { AnonimizarAnswer, PedidoItem };

export interface PedidosParams {
  status?: PedidoStatus;
  atrasados?: boolean;
  page: number;
  pageSize: number;
}

export const getPedidos = ({ atrasados, ...params }: PedidosParams) =>
  api.list<PedidoItem>('/api/lgpd/pedidos', { params: { ...params, atrasados: atrasados ? 'true' : undefined } });

export const usePedidos = (params: PedidosParams) =>
  useQuery(
    queryOptions({
      queryKey: [...PEDIDOS_KEY, params],
      queryFn: () => getPedidos(params),
      placeholderData: keepPreviousData,
      // Requests arrive from the portal at any time and their deadlines move with the day.
      staleTime: 0,
    }),
  );

export const patchPedido = ({ id, ...input }: PedidoPatchInput & { id: string }): Promise<PedidoItem> =>
  api.patch<PedidoItem>(`/api/lgpd/pedidos/${encodeURIComponent(id)}`, input);

/** Anonymised names and contacts show in every list of the funnel: all cached reads but the session are stale. */
const EVERYTHING = { allExcept: [SESSION_QUERY_KEY] } as const;

/**
 * A request answered. Concluding an anonymisation changes the titular's rows everywhere; the requests are read
 * again on failure too (a 409: someone answered it first).
 */
export const usePatchPedido = (config: MutationConfig<typeof patchPedido> = {}) =>
  useApiMutation(patchPedido, { invalidates: EVERYTHING, invalidatesOnError: { keys: [PEDIDOS_KEY] } }, config);

export type TitularBuscaAnswer = TitularRegistros;

export const getTitulares = (q: string) => api.get<TitularBuscaAnswer>('/api/lgpd/titulares', { params: { q } });

/** The records of the titular searched for; nothing is asked until a search is sent. */
export const useTitulares = (q: string | null) =>
  useQuery({
    queryKey: [...TITULARES_KEY, q],
    queryFn: () => getTitulares(q ?? ''),
    enabled: q !== null,
    staleTime: 0,
  });

/** The staff's JSON export of the titular searched for (the server records the export). */
export const titularesExportUrl = (q: string) =>
  `/api/lgpd/titulares/export.json?${new URLSearchParams({ q }).toString()}`;

export const anonimizarTitular = (input: TitularIdentificador): Promise<AnonimizarAnswer> =>
  api.post<AnonimizarAnswer>('/api/lgpd/titulares/anonimizar', input);

/** Anonymising reaches the search, the retention's count and the funnel's lists. */
export const useAnonimizarTitular = (config: MutationConfig<typeof anonimizarTitular> = {}) =>
  useApiMutation(anonimizarTitular, { invalidates: EVERYTHING }, config);

export const getRetencao = () => api.get<RetencaoResumo>('/api/lgpd/retencao');

export const useRetencao = () => useQuery({ queryKey: RETENCAO_KEY, queryFn: getRetencao });

/** Issue 39 item 14: the records a 'Correção de dados' request may change, read when its dialog opens. */
export const getRegistrosDoPedido = (id: string) =>
  api.get<TitularBuscaAnswer>(`/api/lgpd/pedidos/${encodeURIComponent(id)}/registros`);

export const useRegistrosDoPedido = (id: string | null) =>
  useQuery({
    queryKey: [...PEDIDOS_KEY, 'registros', id],
    queryFn: () => getRegistrosDoPedido(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
  });

export type CorrecaoDoPedidoInput = PedidoCorrecaoInput & { pedidoId: string };

export const corrigirPeloPedido = ({ pedidoId, ...input }: CorrecaoDoPedidoInput): Promise<LgpdMensagem> =>
  api.post<LgpdMensagem>(`/api/lgpd/pedidos/${encodeURIComponent(pedidoId)}/correcoes`, input);

/** A correction shows in every list of the funnel and in the request's records. */
export const useCorrigirPeloPedido = (config: MutationConfig<typeof corrigirPeloPedido> = {}) =>
  useApiMutation(corrigirPeloPedido, { invalidates: EVERYTHING }, config);
