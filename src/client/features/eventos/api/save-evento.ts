import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Evento, eventoUpdateSchema } from '@shared/schemas/evento';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { EVENTOS_QUERY_KEY } from './get-eventos';

/** What the dialog sends: POST takes it without status; PUT replaces the event and its course set. */
export type EventoBody = z.input<typeof eventoUpdateSchema>;

export const createEvento = (body: EventoBody) => api.post<Evento>('/api/eventos', body);
export const updateEvento = ({ id, body }: { id: string; body: EventoBody }) =>
  api.put<Evento>(`/api/eventos/${id}`, body);

function useInvalidateAfterSave() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EVENTOS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
    ]);
}

export function useCreateEvento() {
  const invalidate = useInvalidateAfterSave();
  return useMutation({ mutationFn: createEvento, onSuccess: invalidate });
}

export function useUpdateEvento() {
  const invalidate = useInvalidateAfterSave();
  return useMutation({ mutationFn: updateEvento, onSuccess: invalidate });
}
