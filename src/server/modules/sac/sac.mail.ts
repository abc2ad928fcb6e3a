import { TICKET_STATUS_LABELS, type TicketStatus } from '../../../shared/enums';
import { ticketShortId } from '../../../shared/schemas/sac';
import { layout } from '../../mail/templates';

export interface TicketAnsweredMail {
  nome: string | null;
  ticketId: string;
  titulo: string;
  status: TicketStatus;
  resolucao: string;
  /** The SAC screen, built from APP_URL. */
  url: string;
}

/** Tells the requester its ticket was answered; layout() escapes every user-written value in the HTML part. */
export function ticketAnsweredEmail(mail: TicketAnsweredMail) {
  const subject = `Seu ticket #${ticketShortId(mail.ticketId)} foi respondido`;
  const lines = [
    `Olá${mail.nome ? `, ${mail.nome}` : ''}!`,
    `Seu ticket "${mail.titulo}" foi respondido pelo suporte.`,
    `Status: ${TICKET_STATUS_LABELS[mail.status]}`,
    `Resolução: ${mail.resolucao}`,
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nVeja o ticket no SAC: ${mail.url}\n`,
    html: layout('Ticket respondido', lines, { label: 'Abrir o SAC', url: mail.url }),
  };
}
