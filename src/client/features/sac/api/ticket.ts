import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AvaliacaoInput,
  SacMensagem,
  SacResumo,
  SacTicket,
  SacUser,
  UpdateTicketInput,
} from '@shared/schemas/sac';
import { api, ApiError, NetworkError, noteWrite } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { TICKETS_QUERY_KEY } from './get-tickets';

/** Issue 19: one ticket, its conversation, and the franqueador's figures and team. */
export const ticketQueryKey = (id: string) => [...TICKETS_QUERY_KEY, 'one', id] as const;
export const mensagensQueryKey = (id: string) => ['sac', 'mensagens', id] as const;
export const RESUMO_QUERY_KEY = ['sac', 'resumo'] as const;

export const getTicket = (id: string, signal?: AbortSignal) =>
  api.get<SacTicket>(`/api/sac/tickets/${encodeURIComponent(id)}`, { signal });

export const useTicket = (id: string) =>
  useQuery(queryOptions({ queryKey: ticketQueryKey(id), queryFn: ({ signal }) => getTicket(id, signal) }));

/** The thread, oldest first: a ticket's conversation fits the API's largest page (500 messages). */
export const useMensagens = (id: string) =>
  useQuery({
    queryKey: mensagensQueryKey(id),
    queryFn: ({ signal }) =>
      api.list<SacMensagem>(`/api/sac/tickets/${encodeURIComponent(id)}/mensagens`, {
        params: { pageSize: 500 },
        signal,
      }),
  });

export const useResumo = (dias = 30, enabled = true) =>
  useQuery({
    queryKey: [...RESUMO_QUERY_KEY, dias],
    queryFn: ({ signal }) => api.get<SacResumo>('/api/sac/resumo', { params: { dias }, signal }),
    enabled,
  });

export const useEquipe = (enabled: boolean) =>
  useQuery({
    queryKey: ['sac', 'equipe'],
    queryFn: ({ signal }) => api.get<SacUser[]>('/api/sac/equipe', { signal }),
    enabled,
  });

export interface NovaMensagem {
  id: string;
  texto: string;
  interna: boolean;
  arquivos: File[];
}

/** A message, as multipart when it carries files (the server reads the bytes, not the names). */
export async function postMensagem({ id, texto, interna, arquivos }: NovaMensagem): Promise<SacMensagem> {
  const url = `/api/sac/tickets/${encodeURIComponent(id)}/mensagens`;
  if (arquivos.length === 0) return api.post<SacMensagem>(url, { texto, interna });
  const form = new FormData();
  form.append('texto', texto);
  form.append('interna', String(interna));
  for (const arquivo of arquivos) form.append('anexos', arquivo, arquivo.name);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  noteWrite();
  const text = await response.text();
  const json = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const body = json as { message?: string; errors?: Record<string, string> } | undefined;
    throw new ApiError(
      response.status,
      response.statusText,
      body?.message ? { message: body.message, errors: body.errors } : null,
    );
  }
  return json as SacMensagem;
}

const invalidatesTicket = { keys: [TICKETS_QUERY_KEY, ['sac', 'mensagens'], RESUMO_QUERY_KEY], metrics: true };

export const usePostMensagem = (config: MutationConfig<typeof postMensagem> = {}) =>
  useApiMutation(postMensagem, { invalidates: invalidatesTicket }, config);

export const updateTicket = ({ id, ...input }: UpdateTicketInput & { id: string }): Promise<SacTicket> =>
  api.patch<SacTicket>(`/api/sac/tickets/${encodeURIComponent(id)}`, input);

export const useUpdateTicket = (config: MutationConfig<typeof updateTicket> = {}) =>
  useApiMutation(updateTicket, { invalidates: invalidatesTicket, invalidatesOnError: invalidatesTicket }, config);

export const avaliarTicket = ({ id, ...input }: AvaliacaoInput & { id: string }): Promise<SacTicket> =>
  api.post<SacTicket>(`/api/sac/tickets/${encodeURIComponent(id)}/avaliacao`, input);

export const useAvaliarTicket = (config: MutationConfig<typeof avaliarTicket> = {}) =>
  useApiMutation(avaliarTicket, { invalidates: invalidatesTicket }, config);
