import type { CreateTicketInput, SacTicket } from '@shared/schemas/sac';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { TICKETS_QUERY_KEY } from './get-tickets';

export const createTicket = (input: CreateTicketInput): Promise<SacTicket> =>
  api.post<SacTicket>('/api/sac/tickets', input);

/** Opens a ticket for the signed-in user; the ticket lists are read again (SPEC §7). */
export const useCreateTicket = (config: MutationConfig<typeof createTicket> = {}) =>
  useApiMutation(createTicket, { invalidates: { keys: [TICKETS_QUERY_KEY], metrics: true } }, config);
