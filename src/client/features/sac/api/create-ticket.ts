import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput, SacTicket } from '@shared/schemas/sac';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';
import { TICKETS_QUERY_KEY } from './get-tickets';

export const createTicket = (input: CreateTicketInput): Promise<SacTicket> =>
  api.post<SacTicket>('/api/sac/tickets', input);

export interface UseCreateTicketOptions {
  onSuccess?: (ticket: SacTicket) => void;
  onError?: (error: Error) => void;
}

/** Opens a ticket for the signed-in user; the ticket lists are read again (SPEC §7). */
export function useCreateTicket({ onSuccess, onError }: UseCreateTicketOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async (ticket) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_METRICS_QUERY_KEY }),
      ]);
      onSuccess?.(ticket);
    },
    onError,
  });
}
