// Types only (erased): the portal loads no zod for them.
import type { LgpdMensagem, PedidoAberto, PedidoTipo, TitularView } from '@shared/schemas/lgpd';
import { api } from '@/lib/api-client';
import { createResource, useResource } from '@/hooks/use-resource';
import { useSubmit, type UseSubmitOptions } from '@/hooks/use-submit';

/**
 * The titular's portal (issue 18): a link by e-mail, then, with its token, the records, their download and one
 * request. The token goes in the query of the reads, in the body of the request.
 */

export type SolicitarAnswer = LgpdMensagem;

/** Always the same answer, whether or not the e-mail is on record (no enumeration). */
export const solicitarAcesso = (input: { email: string }): Promise<SolicitarAnswer> =>
  api.post<SolicitarAnswer>('/api/public/titular/solicitar', input);

export const useSolicitarAcesso = (options?: UseSubmitOptions<SolicitarAnswer>) => useSubmit(solicitarAcesso, options);

export const getTitular = (token: string): Promise<TitularView> =>
  api.get<TitularView>('/api/public/titular', { params: { token } });

/** Read once per link: a request spends the token, and the page then shows the answer, not the records again. */
const titular = createResource(getTitular, Number.POSITIVE_INFINITY);

export const useTitular = (token: string) => useResource(titular, token);

/** The portability download: the browser saves the file the server names. */
export const titularExportUrl = (token: string) =>
  `/api/public/titular/export.json?${new URLSearchParams({ token }).toString()}`;

export interface PedidoInput {
  token: string;
  tipo: PedidoTipo;
  detalhe?: string;
  /** The networks it concerns, when the records are in more than one (issue 39). */
  redes?: string[];
}

/** One request per branch it went to (the route's answer schema, ADR 018). */
export type PedidoAnswer = PedidoAberto;

export const abrirPedido = (input: PedidoInput): Promise<PedidoAnswer> =>
  api.post<PedidoAnswer>('/api/public/titular/pedidos', input);

export const useAbrirPedido = (options?: UseSubmitOptions<PedidoAnswer>) => useSubmit(abrirPedido, options);
