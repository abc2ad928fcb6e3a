import type { z } from 'zod';
import type { VisitaView, visitaPatchSchema } from '@shared/schemas/visita';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { VISITAS_QUERY_KEY } from './get-visitas';

/** What a PATCH sends: only the fields it changes (one left out stays as it is). */
export type VisitaPatchBody = z.input<typeof visitaPatchSchema>;

/** A visit's outcome, its notes, or the event it scheduled (PATCH /api/visitas/:id). */
export const updateVisita = ({ id, body }: { id: string; body: VisitaPatchBody }) =>
  api.patch<VisitaView>(`/api/visitas/${id}`, body);

export const useUpdateVisita = (config: MutationConfig<typeof updateVisita> = {}) =>
  useApiMutation(updateVisita, { invalidates: { keys: [VISITAS_QUERY_KEY] } }, config);
