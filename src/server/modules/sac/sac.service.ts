import { audit } from '../auditoria';
import type { FastifyInstance } from 'fastify';
import type { AnswerTicketInput, CreateTicketInput, SacTicket } from '../../../shared/schemas/sac';
import { SAC_MESSAGES } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { conflict, notFound } from '../../lib/http-error';
import { ticketAnsweredEmail } from './sac.mail';
import {
  answerTicketIfOpen,
  findFranquiaOfMicroFranquia,
  findTicket,
  findUserContact,
  insertTicket,
  ticketExists,
} from './sac.repository';

/**
 * Opens a ticket for the caller (DESIGN §4.5): requester, franquia and micro-franquia come from the session. A
 * micro-franquia's ticket also records its franquia, so both stay on the ticket whatever the scope asks later.
 */
export async function createTicket(app: FastifyInstance, actor: Actor, input: CreateTicketInput): Promise<SacTicket> {
  const id = await app.db.transaction(async (tx) => {
    let franquiaId: string | null = null;
    let microFranquiaId: string | null = null;
    if (actor.role === 'micro_franquia' && actor.microFranquiaId) {
      microFranquiaId = actor.microFranquiaId;
      franquiaId = await findFranquiaOfMicroFranquia(tx, actor.microFranquiaId);
    } else if (actor.role === 'franquia') {
      franquiaId = actor.franquiaId;
    }
    const ticketId = await insertTicket(tx, {
      ...input,
      solicitanteId: actor.id,
      franquiaId,
      microFranquiaId,
      now: app.clock.now(),
    });
    // What the ticket says stays in the SAC, where its readers are; the trail keeps its kind.
    await audit(tx, {
      acao: 'sac_ticket.abrir',
      entidadeId: ticketId,
      detalhes: { departamento: input.departamento, prioridade: input.prioridade ?? null },
    });
    return ticketId;
  });
  const ticket = await findTicket(app.db, actor, id);
  if (!ticket) throw notFound(SAC_MESSAGES.notFound);
  return ticket;
}

/**
 * The franqueador's answer: status, resolution, responsible and resolvedAt at once, only on a ticket without a
 * resolution (409 otherwise; 404 out of scope). The requester is e-mailed after the commit.
 */
export async function answerTicket(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: AnswerTicketInput,
): Promise<SacTicket> {
  const answered = await app.db.transaction(async (tx) => {
    const row = await answerTicketIfOpen(tx, actor, id, { ...input, now: app.clock.now() });
    if (row) {
      await audit(tx, {
        acao: 'sac_ticket.responder',
        entidadeId: id,
        alteracoes: { status: ['em_andamento', input.status] },
      });
      return row;
    }
    if (await ticketExists(tx, actor, id)) throw conflict(SAC_MESSAGES.alreadyAnswered);
    throw notFound(SAC_MESSAGES.notFound);
  });

  app.background.run(async () => {
    const requester = await findUserContact(app.db, answered.solicitanteId);
    if (!requester || !requester.isActive) return;
    const mail = ticketAnsweredEmail({
      nome: requester.nome,
      ticketId: id,
      titulo: answered.titulo,
      status: input.status,
      resolucao: input.resolucao,
      url: `${app.config.appUrl}/sac`,
    });
    await app.mailer.send({ to: requester.email, ...mail });
  });

  const ticket = await findTicket(app.db, actor, id);
  if (!ticket) throw notFound(SAC_MESSAGES.notFound);
  return ticket;
}
