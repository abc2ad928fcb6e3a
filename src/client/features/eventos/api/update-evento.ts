import type { Evento } from '@shared/schemas/evento';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import type { EventoBody } from './create-evento';
import { EVENTOS_QUERY_KEY } from './get-eventos';

export interface UpdateEventoInput {
  id: string;
  body: EventoBody;
}

/** PUT replaces the event and its course set (SPEC §7). */
export const updateEvento = ({ id, body }: UpdateEventoInput) => api.put<Evento>(`/api/eventos/${id}`, body);

export const useUpdateEvento = (config: MutationConfig<typeof updateEvento> = {}) =>
  useApiMutation(updateEvento, { invalidates: { keys: [EVENTOS_QUERY_KEY], metrics: true } }, config);
