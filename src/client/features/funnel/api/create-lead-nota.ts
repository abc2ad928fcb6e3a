import type { HistoricoAutor, HistoricoEntry, NotaInput } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FOLLOW_UP_CHANGED, editLeadOptimistically, pendingEntry } from './lead-follow-up-effects';

export interface CreateLeadNotaInput {
  id: string;
  nota: NotaInput;
  autor: HistoricoAutor | null;
}

/** A free-text note on the lead (POST /api/leads/:id/notas): the new history entry comes back. */
export const createLeadNota = ({ id, nota }: CreateLeadNotaInput): Promise<HistoricoEntry> =>
  api.post<HistoricoEntry>(`/api/leads/${encodeURIComponent(id)}/notas`, nota);

/** The note tops the timeline at once; a refusal takes it away again. */
export const useCreateLeadNota = (config: MutationConfig<typeof createLeadNota> = {}) =>
  useApiMutation(
    createLeadNota,
    {
      invalidates: FOLLOW_UP_CHANGED,
      optimistic: (queryClient, { id, nota, autor }) => {
        const entry = pendingEntry('nota', { texto: nota.texto }, autor);
        return editLeadOptimistically(
          queryClient,
          id,
          (lead) => ({ ...lead, historico: [entry, ...lead.historico] }),
          (lead) => ({ ...lead, historico: lead.historico.filter((item) => item.id !== entry.id) }),
        );
      },
    },
    config,
  );
