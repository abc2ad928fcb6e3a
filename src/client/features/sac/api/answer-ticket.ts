import type { AnswerTicketInput, SacTicket } from '@shared/schemas/sac';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { TICKETS_QUERY_KEY } from './get-tickets';

export const answerTicket = ({ id, ...input }: AnswerTicketInput & { id: string }): Promise<SacTicket> =>
  api.patch<SacTicket>(`/api/sac/tickets/${encodeURIComponent(id)}`, input);

const TICKETS = { keys: [TICKETS_QUERY_KEY] };

/**
 * The franqueador's answer. The lists are read again on success and on failure too: a 409 means someone else
 * answered first, and the screen should show that answer.
 */
export const useAnswerTicket = (config: MutationConfig<typeof answerTicket> = {}) =>
  useApiMutation(answerTicket, { invalidates: TICKETS, invalidatesOnError: TICKETS }, config);
