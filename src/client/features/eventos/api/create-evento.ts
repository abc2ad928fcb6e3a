import type { z } from 'zod';
import type { Evento, eventoUpdateSchema } from '@shared/schemas/evento';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { EVENTOS_QUERY_KEY } from './get-eventos';

/** What the dialog sends: POST takes it without status; PUT replaces the event and its course set. */
export type EventoBody = z.input<typeof eventoUpdateSchema>;

export const createEvento = (body: EventoBody) => api.post<Evento>('/api/eventos', body);

export const useCreateEvento = (config: MutationConfig<typeof createEvento> = {}) =>
  useApiMutation(createEvento, { invalidates: { keys: [EVENTOS_QUERY_KEY], metrics: true } }, config);
