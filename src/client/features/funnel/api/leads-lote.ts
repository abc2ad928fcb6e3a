import type { z } from 'zod';
import type { LeadsLoteResposta, leadsLoteSchema } from '@shared/schemas/distribuicao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** What the bulk bar sends (the filters as the list's address has them, strings). */
export type LeadsLoteInput = z.input<typeof leadsLoteSchema>;

/** POST /api/leads/lote (issue 50): the chosen leads (or all the filters match) assigned, moved or exported. */
export const postLeadsLote = (lote: LeadsLoteInput) => api.post<LeadsLoteResposta>('/api/leads/lote', lote);

/** The lists, their cards, the panels and the dashboard's counts are read again. */
export const useLeadsLote = (config: MutationConfig<typeof postLeadsLote> = {}) =>
  useApiMutation(postLeadsLote, { invalidates: { keys: [FUNNEL_QUERY_KEY], metrics: true } }, config);
