import type { LeadDetalhe, LeadPatch } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FOLLOW_UP_CHANGED, editLeadOptimistically } from './lead-follow-up-effects';

export interface UpdateLeadInput {
  id: string;
  patch: LeadPatch;
}

/** Status, loss reason, responsável or next contact date (PATCH /api/leads/:id): the updated lead comes back. */
export const updateLead = ({ id, patch }: UpdateLeadInput): Promise<LeadDetalhe> =>
  api.patch<LeadDetalhe>(`/api/leads/${encodeURIComponent(id)}`, patch);

/**
 * The status, the loss reason and the return date show at once (the server decides nothing else about them);
 * a responsável waits for the answer, which names it.
 */
export const useUpdateLead = (config: MutationConfig<typeof updateLead> = {}) =>
  useApiMutation(
    updateLead,
    {
      invalidates: FOLLOW_UP_CHANGED,
      optimistic: (queryClient, { id, patch }) => {
        const { status, motivoPerda, proximoContatoEm } = patch;
        const changes: Partial<LeadDetalhe> = {
          ...(status !== undefined
            ? { status, motivoPerda: status === 'sem_interesse' ? (motivoPerda ?? null) : null }
            : {}),
          ...(proximoContatoEm !== undefined ? { proximoContatoEm } : {}),
        };
        let before: Partial<LeadDetalhe> = {};
        return editLeadOptimistically(
          queryClient,
          id,
          (lead) => {
            before = Object.fromEntries(
              Object.keys(changes).map((key) => [key, lead[key as keyof LeadDetalhe]]),
            ) as Partial<LeadDetalhe>;
            return { ...lead, ...changes };
          },
          (lead) => ({ ...lead, ...before }),
        );
      },
    },
    config,
  );
