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

export interface TicketMessageMail {
  nome: string | null;
  ticketId: string;
  titulo: string;
  autor: string | null;
  texto: string;
  /** For the requester: its ticket; for the franqueador's team: a requester's message. */
  para: 'solicitante' | 'equipe';
  url: string;
}

/**
 * A new message on a ticket (issue 19), to the other side. Internal notes never reach here: the service calls
 * this only for messages the requester may read.
 */
export function ticketMessageEmail(mail: TicketMessageMail) {
  const id = ticketShortId(mail.ticketId);
  const subject =
    mail.para === 'solicitante' ? `Nova mensagem no seu ticket #${id}` : `O solicitante escreveu no ticket #${id}`;
  const lines = [
    `Olá${mail.nome ? `, ${mail.nome}` : ''}!`,
    mail.para === 'solicitante'
      ? `O suporte escreveu no seu ticket "${mail.titulo}".`
      : `${mail.autor ?? 'O solicitante'} escreveu no ticket "${mail.titulo}".`,
    `Mensagem: ${mail.texto}`,
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n\nVeja a conversa no SAC: ${mail.url}\n`,
    html: layout('Nova mensagem no SAC', lines, { label: 'Abrir o ticket', url: mail.url }),
  };
}
