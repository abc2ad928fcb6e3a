import { z } from 'zod';
import {
  DEPARTAMENTOS,
  TICKET_PRIORIDADES,
  TICKET_STATUSES,
  type Departamento,
  type TicketPrioridade,
  type TicketStatus,
} from '../enums';
import type { Role } from '../roles';

/** SPEC §5 (new ticket, ticket response) and DESIGN §4.5; written once for the forms and the routes. */
export const SAC_MESSAGES = {
  tituloRequired: 'Título é obrigatório',
  descricaoMin: 'Descrição deve ter pelo menos 10 caracteres',
  departamento: 'Selecione um departamento',
  prioridade: 'Selecione uma prioridade',
  status: 'Selecione um status',
  resolucaoRequired: 'Resolução é obrigatória',
  alreadyAnswered: 'Ticket já foi respondido',
  notFound: 'Ticket não encontrado.',
  tooLong: 'Texto longo demais',
} as const;

/** SPEC §9: minimum ticket description. */
export const DESCRICAO_MIN_LENGTH = 10;
export const TITULO_MAX_LENGTH = 200;
export const TEXT_MAX_LENGTH = 5000;

/** SPEC §9: a ticket id is shown as its first 8 characters. */
export const SHORT_ID_LENGTH = 8;
export const ticketShortId = (id: string): string => id.slice(0, SHORT_ID_LENGTH);

/**
 * The new-ticket body. The requester, its franquia and micro-franquia come from the session, never from here:
 * SPEC's optional solicitanteId (and any status, responsavelId...) is dropped with the other unknown keys.
 */
export const createTicketSchema = z.object({
  titulo: z
    .string({ error: SAC_MESSAGES.tituloRequired })
    .trim()
    .min(1, SAC_MESSAGES.tituloRequired)
    .max(TITULO_MAX_LENGTH, SAC_MESSAGES.tooLong),
  descricao: z
    .string({ error: SAC_MESSAGES.descricaoMin })
    .trim()
    .min(DESCRICAO_MIN_LENGTH, SAC_MESSAGES.descricaoMin)
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong),
  departamento: z.enum(DEPARTAMENTOS, { error: SAC_MESSAGES.departamento }),
  prioridade: z.enum(TICKET_PRIORIDADES, { error: SAC_MESSAGES.prioridade }).default('media'),
});
/** What the form holds (prioridade may be absent) and what the server receives once parsed. */
export type CreateTicketFormValues = z.input<typeof createTicketSchema>;
export type CreateTicketInput = z.output<typeof createTicketSchema>;

/** The franqueador's answer: a status together with the resolution text. */
export const answerTicketSchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: SAC_MESSAGES.status }),
  resolucao: z
    .string({ error: SAC_MESSAGES.resolucaoRequired })
    .trim()
    .min(1, SAC_MESSAGES.resolucaoRequired)
    .max(TEXT_MAX_LENGTH, SAC_MESSAGES.tooLong),
});
export type AnswerTicketInput = z.infer<typeof answerTicketSchema>;

/** A ticket as the list and the write calls answer it (SPEC §3). */
export interface SacTicket {
  id: string;
  solicitanteId: string;
  responsavelId: string | null;
  titulo: string;
  descricao: string;
  departamento: Departamento;
  status: TicketStatus;
  prioridade: TicketPrioridade;
  resolucao: string | null;
  /** ISO 8601. */
  resolvedAt: string | null;
  createdAt: string;
  solicitante: { nome: string | null; email: string; role: Role };
  franquia: { razaoSocial: string } | null;
  microFranquia: { razaoSocial: string } | null;
  responsavel: { nome: string | null } | null;
}

/** GET /api/sac/users: the network's users the franqueador may see. */
export interface SacUser {
  id: string;
  nome: string | null;
  email: string;
  role: Role;
}
