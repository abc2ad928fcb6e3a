import type { VisitaCreateInput, VisitaView } from '@shared/schemas/visita';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { VISITAS_QUERY_KEY } from './get-visitas';

/** 'Nova visita' (POST /api/visitas). */
export const createVisita = (body: VisitaCreateInput) => api.post<VisitaView>('/api/visitas', body);

export const useCreateVisita = (config: MutationConfig<typeof createVisita> = {}) =>
  useApiMutation(createVisita, { invalidates: { keys: [VISITAS_QUERY_KEY] } }, config);
