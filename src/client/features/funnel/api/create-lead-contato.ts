import type { ContatoInput, HistoricoAutor, HistoricoEntry } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FOLLOW_UP_CHANGED, editLeadOptimistically, pendingEntry } from './lead-follow-up-effects';

export interface CreateLeadContatoInput {
  id: string;
  contato: ContatoInput;
  /** Who registers it, shown on the entry while it is sent. */
  autor: HistoricoAutor | null;
}

/** A call, message or visit and how it went (POST /api/leads/:id/contatos): the new history entry comes back. */
export const createLeadContato = ({ id, contato }: CreateLeadContatoInput): Promise<HistoricoEntry> =>
  api.post<HistoricoEntry>(`/api/leads/${encodeURIComponent(id)}/contatos`, contato);

/**
 * The entry tops the timeline at once, and a lead still 'Novo' shows 'Em contato' (as the server makes it); a
 * refusal takes both back.
 */
export const useCreateLeadContato = (config: MutationConfig<typeof createLeadContato> = {}) =>
  useApiMutation(
    createLeadContato,
    {
      invalidates: FOLLOW_UP_CHANGED,
      optimistic: (queryClient, { id, contato, autor }) => {
        const entry = pendingEntry('contato', { ...contato, nota: contato.nota ?? null }, autor);
        let wasNovo = false;
        return editLeadOptimistically(
          queryClient,
          id,
          (lead) => {
            wasNovo = lead.status === 'novo';
            return {
              ...lead,
              status: wasNovo ? 'em_contato' : lead.status,
              historico: [entry, ...lead.historico],
            };
          },
          (lead) => ({
            ...lead,
            status: wasNovo && lead.status === 'em_contato' ? 'novo' : lead.status,
            historico: lead.historico.filter((item) => item.id !== entry.id),
          }),
        );
      },
    },
    config,
  );
