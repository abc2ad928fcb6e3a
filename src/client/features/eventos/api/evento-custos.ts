import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventoCustoInput, EventoCustosResposta, EventoCustoView } from '@shared/schemas/custos';
import type { z } from 'zod';
import type { eventoCustosRespostaSchema, eventoCustoViewSchema } from '@shared/schemas/custos';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Issue 48: an event's costs as the browser reads them (instants as ISO text). */
export type EventoCustos = z.input<typeof eventoCustosRespostaSchema>;
export type EventoCusto = z.input<typeof eventoCustoViewSchema>;
export type { EventoCustoView, EventoCustosResposta };

/** Every key of an event's costs starts here; an addition or a removal invalidates the event's. */
export const EVENTO_CUSTOS_QUERY_KEY = ['evento-custos'] as const;

export const getEventoCustosQueryOptions = (eventoId: string) =>
  queryOptions({
    queryKey: [...EVENTO_CUSTOS_QUERY_KEY, eventoId],
    queryFn: () => api.get<EventoCustos>(`/api/eventos/${eventoId}/custos`),
  });

export const useEventoCustos = (eventoId: string | null) =>
  useQuery({ ...getEventoCustosQueryOptions(eventoId ?? ''), enabled: eventoId !== null });

export const adicionarEventoCusto = ({ eventoId, body }: { eventoId: string; body: EventoCustoInput }) =>
  api.post<EventoCusto>(`/api/eventos/${eventoId}/custos`, body);

export const useAdicionarEventoCusto = (config: MutationConfig<typeof adicionarEventoCusto> = {}) =>
  useApiMutation(adicionarEventoCusto, { invalidates: { keys: [EVENTO_CUSTOS_QUERY_KEY] } }, config);

export const removerEventoCusto = ({ eventoId, custoId }: { eventoId: string; custoId: string }) =>
  api.delete<void>(`/api/eventos/${eventoId}/custos/${custoId}`);

export const useRemoverEventoCusto = (config: MutationConfig<typeof removerEventoCusto> = {}) =>
  useApiMutation(removerEventoCusto, { invalidates: { keys: [EVENTO_CUSTOS_QUERY_KEY] } }, config);
