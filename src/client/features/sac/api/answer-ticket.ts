import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerTicketInput, SacTicket } from '@shared/schemas/sac';
import { api } from '@/lib/api-client';
import { TICKETS_QUERY_KEY } from './get-tickets';

export const answerTicket = ({ id, ...input }: AnswerTicketInput & { id: string }): Promise<SacTicket> =>
  api.patch<SacTicket>(`/api/sac/tickets/${encodeURIComponent(id)}`, input);

export interface UseAnswerTicketOptions {
  onSuccess?: (ticket: SacTicket) => void;
  onError?: (error: Error) => void;
}

/**
 * The franqueador's answer. The lists are read again on success and on failure too: a 409 means someone else
 * answered first, and the screen should show that answer.
 */
export function useAnswerTicket({ onSuccess, onError }: UseAnswerTicketOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTicket,
    onSuccess: async (ticket) => {
      await queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY });
      onSuccess?.(ticket);
    },
    onError: async (error) => {
      await queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY });
      onError?.(error);
    },
  });
}
