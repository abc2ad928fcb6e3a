import { audit } from '../auditoria';
import type { FastifyInstance } from 'fastify';
import type { TicketStatus } from '../../../shared/enums';
import type {
  CreateTicketInput,
  MensagemInput,
  SacMensagem,
  SacTicket,
  UpdateTicketInput,
} from '../../../shared/schemas/sac';
import { REABERTURA_DIAS, SAC_MESSAGES } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { Executor } from '../../db/connect';
import { enfileirarEmail, type OrigemDoEmail, redesDaConta } from '../../jobs';
import { emitirEvento } from '../webhooks';
import type { sacTickets } from '../../db/schema';
import { ticketAnsweredEmail, ticketMessageEmail } from './sac.mail';
import {
  answerTicketIfOpen,
  findFranquiaOfMicroFranquia,
  findTicket,
  insertTicket,
  lockTicket,
  ticketExists,
  updateTicketColumns,
  type LockedTicket,
  redesDoTicketNovo,
} from './tickets.repository';
import { findMensagem, insertAnexos, insertMensagem } from './mensagens.repository';
import { findUserContact, isEquipe, staffContacts } from './pessoas.repository';
import { deadlines, pauseLength } from './sla';
import type { Upload } from './anexos';

const DAY_MS = 86_400_000;

/** Whether the caller writes as the franqueador's side (notes, status, assignment) rather than as a requester. */
const isStaff = (actor: Actor) => actor.role === 'franqueador';

async function requireTicket(app: FastifyInstance, actor: Actor, id: string): Promise<SacTicket> {
  const ticket = await findTicket(app.db, actor, id, app.clock.now());
  if (!ticket) throw notFound(SAC_MESSAGES.notFound);
  return ticket;
}

export const getTicket = requireTicket;

/**
 * Opens a ticket for the caller (DESIGN §4.5): requester, franquia and micro-franquia come from the session. A
 * micro-franquia's ticket also records its franquia, so both stay on the ticket whatever the scope asks later.
 * Its deadlines start now, in business time (sla.ts).
 */
export async function createTicket(app: FastifyInstance, actor: Actor, input: CreateTicketInput): Promise<SacTicket> {
  const now = app.clock.now();
  const id = await app.db.transaction((tx) => abrirTicketNa(app, tx, actor, input, now));
  return requireTicket(app, actor, id);
}

/**
 * `createTicket`'s writes in the caller's transaction (ADR 089: a contested royalty line opens its ticket with the
 * contest): the ticket, its integrations' event and its audit row -- or none when the caller's act is audited on its
 * own record, naming the ticket (`auditar: false`). Answers the ticket's id.
 */
export async function abrirTicketNa(
  app: FastifyInstance,
  tx: Executor,
  actor: Actor,
  input: CreateTicketInput,
  now: Date,
  { auditar = true }: { auditar?: boolean } = {},
): Promise<string> {
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
    now,
    ...deadlines({ prioridade: input.prioridade, inicio: now, pausaMs: 0 }),
  });
  // The integrations hear of it in this transaction (ADR 028): its kind and place, never what it says.
  await emitirEvento(app, tx, 'ticket.criado', redesDoTicketNovo(franquiaId, actor.id), {
    id: ticketId,
    titulo: input.titulo,
    departamento: input.departamento,
    prioridade: input.prioridade,
    franquiaId,
    microFranquiaId,
    criadoEm: now.toISOString(),
  });
  // What the ticket says stays in the SAC, where its readers are; the trail keeps its kind.
  if (auditar)
    await audit(tx, {
      acao: 'sac_ticket.abrir',
      entidadeId: ticketId,
      detalhes: { departamento: input.departamento, prioridade: input.prioridade ?? null },
    });
  return ticketId;
}

type TicketChanges = Partial<typeof sacTickets.$inferInsert>;

/**
 * The SLA columns a change of status or priority sets (issue 19): entering aguardando_solicitante stops the clock,
 * leaving it adds the pause's business time; concluding or cancelling stamps resolvedAt; reopening starts a new
 * resolution clock; the deadlines are computed again from the clock.
 */
export function slaChanges(
  ticket: LockedTicket,
  next: { status?: TicketStatus; prioridade?: LockedTicket['prioridade'] },
  now: Date,
): TicketChanges {
  const status = next.status ?? ticket.status;
  const prioridade = next.prioridade ?? ticket.prioridade;
  const changes: TicketChanges = { updatedAt: now };
  let pausaMs = ticket.slaPausaMs;
  let inicio = ticket.reabertoEm ?? ticket.createdAt;
  if (status !== ticket.status) {
    changes.status = status;
    if (ticket.status === 'aguardando_solicitante' && ticket.slaPausadoEm) {
      pausaMs += pauseLength(ticket.slaPausadoEm, now);
      changes.slaPausaMs = pausaMs;
      changes.slaPausadoEm = null;
    }
    if (status === 'aguardando_solicitante') changes.slaPausadoEm = now;
    if (status === 'concluido' || status === 'cancelado') changes.resolvedAt = now;
    if ((ticket.status === 'concluido' || ticket.status === 'cancelado') && status !== ticket.status) {
      if (status === 'em_andamento' || status === 'aguardando_solicitante') {
        changes.resolvedAt = null;
        changes.resolucao = null;
        changes.reabertoEm = now;
        changes.slaPausaMs = pausaMs = 0;
        inicio = now;
      }
    }
  }
  if (prioridade !== ticket.prioridade) changes.prioridade = prioridade;
  if (changes.slaPausaMs !== undefined || changes.prioridade !== undefined || changes.reabertoEm !== undefined) {
    const d = deadlines({ prioridade, inicio, pausaMs });
    changes.resolucaoAte = d.resolucaoAte;
    if (!ticket.primeiraRespostaEm) changes.primeiraRespostaAte = d.primeiraRespostaAte;
  }
  return changes;
}

/**
 * PATCH /api/sac/tickets/:id. With `resolucao`: the seed's answer -- status, resolution, responsible and
 * resolvedAt at once, only on a ticket without a resolution (409 otherwise; 404 out of scope); the resolution is
 * posted to the conversation as well and the requester is e-mailed after the commit. Without it: status, priority
 * and assignee (a franqueador-side user of the network, or null).
 */
export async function updateTicket(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: UpdateTicketInput,
): Promise<SacTicket> {
  if (input.resolucao !== undefined && input.status !== undefined) {
    return answerTicket(app, actor, id, { status: input.status, resolucao: input.resolucao });
  }
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, actor, id);
    if (!ticket) throw notFound(SAC_MESSAGES.notFound);
    if (input.responsavelId && !(await isEquipe(tx, actor, input.responsavelId))) {
      throw badRequest(SAC_MESSAGES.responsavel, { responsavelId: SAC_MESSAGES.responsavel });
    }
    const changes = slaChanges(ticket, { status: input.status, prioridade: input.prioridade }, now);
    if (input.responsavelId !== undefined) changes.responsavelId = input.responsavelId;
    await updateTicketColumns(tx, id, changes);
    const alteracoes: Record<string, [unknown, unknown]> = {};
    if (changes.status) alteracoes.status = [ticket.status, changes.status];
    if (changes.prioridade) alteracoes.prioridade = [ticket.prioridade, changes.prioridade];
    if (input.responsavelId !== undefined && input.responsavelId !== ticket.responsavelId) {
      alteracoes.responsavelId = [ticket.responsavelId, input.responsavelId];
    }
    await audit(tx, { acao: 'sac_ticket.alterar', entidadeId: id, alteracoes });
  });
  return requireTicket(app, actor, id);
}

async function answerTicket(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: { status: TicketStatus; resolucao: string },
): Promise<SacTicket> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const locked = await lockTicket(tx, actor, id);
    const row = await answerTicketIfOpen(tx, actor, id, { ...input, now });
    if (row && locked) {
      const changes = slaChanges(locked, { status: input.status }, now);
      // answerTicketIfOpen stamped resolvedAt as the seed always did; the rest follows the status.
      delete changes.resolvedAt;
      delete changes.resolucao;
      delete changes.status;
      if (!locked.primeiraRespostaEm) changes.primeiraRespostaEm = now;
      await updateTicketColumns(tx, id, changes);
      await insertMensagem(tx, { ticketId: id, autorId: actor.id, texto: input.resolucao, interna: false, now });
      await audit(tx, {
        acao: 'sac_ticket.responder',
        entidadeId: id,
        alteracoes: { status: [locked.status, input.status] },
      });
      // The requester's e-mail is a job written with the answer (ADR 028): sent after the commit, retried.
      const requester = await findUserContact(tx, row.solicitanteId);
      if (requester?.isActive) {
        const mail = ticketAnsweredEmail({
          nome: requester.nome,
          ticketId: id,
          titulo: row.titulo,
          status: input.status,
          resolucao: input.resolucao,
          url: `${app.config.appUrl}/sac/${id}`,
        });
        await enfileirarEmail(app, tx, { to: requester.email, ...mail }, doChamado(row.solicitanteId, id));
      }
      return row;
    }
    if (await ticketExists(tx, actor, id)) throw conflict(SAC_MESSAGES.alreadyAnswered);
    throw notFound(SAC_MESSAGES.notFound);
  });

  return requireTicket(app, actor, id);
}

/**
 * A message on the conversation (issue 19). The requester and the franqueador write; only the franqueador writes
 * internal notes. The requester's message answers a question (aguardando_solicitante -> em_andamento) or reopens
 * a ticket concluded within 7 days; the franqueador's first non-internal message is the first response, and
 * assigns the ticket to its author when it has no responsável (issue 51). Files
 * already on disk (anexos.ts) get their rows in the same transaction. Each non-internal message e-mails the other
 * side: a job written in the same transaction, sent after the commit.
 */
export async function postMensagem(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: MensagemInput,
  anexos: Upload[],
): Promise<SacMensagem> {
  if (input.interna && !isStaff(actor)) {
    // Still 404 for a ticket out of scope, so the answer never tells a foreign ticket exists.
    if (!(await ticketExists(app.db, actor, id))) throw notFound(SAC_MESSAGES.notFound);
    throw forbidden(SAC_MESSAGES.internaSoFranqueador);
  }
  const now = app.clock.now();
  const mensagemId = await app.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, actor, id);
    if (!ticket) throw notFound(SAC_MESSAGES.notFound);
    const requesterSide = !isStaff(actor);
    let changes: TicketChanges | null = null;
    if (requesterSide) {
      if (ticket.status === 'cancelado') throw conflict(SAC_MESSAGES.cancelado);
      if (ticket.status === 'concluido') {
        const concluded = ticket.resolvedAt ?? ticket.createdAt;
        if (now.getTime() - concluded.getTime() > REABERTURA_DIAS * DAY_MS)
          throw conflict(SAC_MESSAGES.prazoReabertura);
        changes = slaChanges(ticket, { status: 'em_andamento' }, now);
      } else if (ticket.status === 'aguardando_solicitante') {
        changes = slaChanges(ticket, { status: 'em_andamento' }, now);
      }
    } else if (!input.interna && !ticket.primeiraRespostaEm && ticket.solicitanteId !== actor.id) {
      changes = { primeiraRespostaEm: now, updatedAt: now };
      // The first agent reply takes the ticket, unless someone already has it (issue 51, Freshdesk's way).
      if (!ticket.responsavelId) changes.responsavelId = actor.id;
    }
    if (changes) await updateTicketColumns(tx, id, changes);
    const mensagemId = await insertMensagem(tx, {
      ticketId: id,
      autorId: actor.id,
      texto: input.texto,
      interna: input.interna,
      now,
    });
    await insertAnexos(
      tx,
      mensagemId,
      anexos.map(({ path: _path, ...a }) => ({ ...a, now })),
    );
    if (!input.interna) await mailOtherSide(app, tx, actor, ticket, input.texto);
    if (input.interna) {
      await audit(tx, { acao: 'sac_nota_interna.criar', entidadeId: id, detalhes: { anexos: anexos.length } });
    } else {
      await audit(tx, {
        acao: 'sac_ticket.mensagem',
        entidadeId: id,
        detalhes: { anexos: anexos.length },
        ...(changes?.status || changes?.responsavelId
          ? {
              alteracoes: {
                ...(changes.status ? { status: [ticket.status, changes.status] } : {}),
                ...(changes.responsavelId ? { responsavelId: [ticket.responsavelId, changes.responsavelId] } : {}),
              },
            }
          : {}),
      });
    }
    return mensagemId;
  });

  const mensagem = await findMensagem(app.db, actor, id, mensagemId);
  if (!mensagem) throw notFound(SAC_MESSAGES.notFound);
  return mensagem;
}

/** A ticket's e-mails: on its requester's network's 'Envios', the ticket their record (issue 39). */
const doChamado = (solicitanteId: string, ticketId: string): OrigemDoEmail => ({
  rede: { redes: redesDaConta(solicitanteId) },
  registroId: ticketId,
});

/** The other side's e-mails, written as jobs in the message's transaction (ADR 028). */
async function mailOtherSide(
  app: FastifyInstance,
  tx: Executor,
  actor: Actor,
  ticket: LockedTicket,
  texto: string,
): Promise<void> {
  const url = `${app.config.appUrl}/sac/${ticket.id}`;
  const base = { ticketId: ticket.id, titulo: ticket.titulo, texto, url };
  if (actor.id === ticket.solicitanteId) {
    const autor = await findUserContact(tx, actor.id);
    for (const to of await staffContacts(tx, ticket)) {
      const mail = ticketMessageEmail({ ...base, nome: to.nome, autor: autor?.nome ?? null, para: 'equipe' });
      await enfileirarEmail(app, tx, { to: to.email, ...mail }, doChamado(ticket.solicitanteId, ticket.id));
    }
    return;
  }
  const requester = await findUserContact(tx, ticket.solicitanteId);
  if (!requester || !requester.isActive) return;
  const mail = ticketMessageEmail({ ...base, nome: requester.nome, autor: null, para: 'solicitante' });
  await enfileirarEmail(app, tx, { to: requester.email, ...mail }, doChamado(ticket.solicitanteId, ticket.id));
}

/** The requester's rating of its concluded ticket: once, 1 to 5, with an optional comment. */
export async function avaliarTicket(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: { nota: number; comentario: string | null },
): Promise<SacTicket> {
  const now = app.clock.now();
  await app.db.transaction(async (tx: Executor) => {
    const ticket = await lockTicket(tx, actor, id);
    if (!ticket) throw notFound(SAC_MESSAGES.notFound);
    if (ticket.solicitanteId !== actor.id) throw forbidden(SAC_MESSAGES.avaliacaoSoSolicitante);
    if (ticket.avaliadoEm) throw conflict(SAC_MESSAGES.jaAvaliado);
    if (ticket.status !== 'concluido') throw conflict(SAC_MESSAGES.avaliacaoNaoConcluido);
    await updateTicketColumns(tx, id, {
      avaliacaoNota: input.nota,
      avaliacaoComentario: input.comentario,
      avaliadoEm: now,
      updatedAt: now,
    });
    await audit(tx, { acao: 'sac_ticket.avaliar', entidadeId: id, detalhes: { nota: input.nota } });
  });
  return requireTicket(app, actor, id);
}
