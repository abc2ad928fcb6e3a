import type { FastifyInstance } from 'fastify';
import {
  EVENTO_MESSAGES,
  isFinalStatus,
  type EventoCreateInput,
  type EventoUpdateInput,
} from '../../../shared/schemas/evento';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { can } from '../../../shared/permissions';
import { alteracoesDe, audit } from '../auditoria';
import {
  countCursosOfCliente,
  findEvento,
  findVisibleCliente,
  insertEvento,
  lockEventoRow,
  replaceEventoCursos,
  updateEvento,
  type EventoValues,
} from './eventos.repository';

interface Owner {
  clienteId: string | null;
  microFranquiaId: string | null;
}

/**
 * Who an event belongs to. A cliente's events are always its own (the body's clienteId is ignored); the other
 * roles name a client in their scope. The event also carries the client's micro-franquia, which every scope
 * above the client reads (ADR 006).
 */
async function resolveOwner(
  db: Executor,
  actor: Actor,
  requestedClienteId: string | undefined,
  current?: Owner,
): Promise<Owner> {
  const clienteId = actor.role === 'cliente' ? actor.clienteId : requestedClienteId;
  if (clienteId) {
    if (current && clienteId === current.clienteId) return current;
    const cliente = await findVisibleCliente(db, actor, clienteId);
    if (!cliente) throw notFound(EVENTO_MESSAGES.clienteNotFound);
    // Issue 23: the form offers only active clientes; the API refuses another one too (an event's own cliente,
    // deactivated since, stays, above).
    if (!cliente.isActive)
      throw badRequest(EVENTO_MESSAGES.clienteInativo, { clienteId: EVENTO_MESSAGES.clienteInativo });
    // Moving an event shows its leads and matrículas to the new cliente: only a role that reads them may.
    if (current && !can(actor.role, 'eventos.trocarCliente')) throw forbidden(EVENTO_MESSAGES.moveForbidden);
    return { clienteId: cliente.id, microFranquiaId: cliente.microFranquiaId };
  }
  if (!current) throw badRequest(EVENTO_MESSAGES.clienteId, { clienteId: EVENTO_MESSAGES.clienteId });
  if (!current.clienteId && !current.microFranquiaId) {
    throw badRequest(EVENTO_MESSAGES.owner, { clienteId: EVENTO_MESSAGES.owner });
  }
  return current;
}

/** Every course must be one of the event's client's. */
async function checkCursos(db: Executor, clienteId: string | null, cursoIds: string[]): Promise<void> {
  if (cursoIds.length === 0) return;
  const owned = clienteId ? await countCursosOfCliente(db, clienteId, cursoIds) : 0;
  if (owned !== cursoIds.length) {
    throw badRequest(EVENTO_MESSAGES.cursosDoCliente, { cursoIds: EVENTO_MESSAGES.cursosDoCliente });
  }
}

type Opcionais = 'vagas' | 'inscricoesAte' | 'logradouro' | 'numero' | 'complemento' | 'bairro';
type EventoBody = Omit<EventoCreateInput, Opcionais> & Partial<Pick<EventoCreateInput, Opcionais>>;

/**
 * The row's values; vagas, inscricoesAte and the street address absent (an update that leaves them) stay as they
 * are (drizzle writes no undefined value).
 */
function values(body: EventoBody, owner: Owner): Omit<EventoValues, 'status'> {
  const { clienteId: _ignored, cursoIds: _cursos, inscricoesAte, ...fields } = body;
  return {
    ...fields,
    ...owner,
    ...(inscricoesAte !== undefined ? { inscricoesAte: inscricoesAte === null ? null : new Date(inscricoesAte) } : {}),
  };
}

/** The event and its course set, in one transaction. */
export async function createEvento(app: FastifyInstance, actor: Actor, body: EventoCreateInput): Promise<string> {
  return app.db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, body.clienteId);
    await checkCursos(tx, owner.clienteId, body.cursoIds);
    const id = await insertEvento(tx, { ...values(body, owner), status: 'agendado' });
    await replaceEventoCursos(tx, id, body.cursoIds);
    await audit(tx, {
      acao: 'evento.criar',
      entidadeId: id,
      alteracoes: alteracoesDe(null, await findEvento(tx, actor, id)),
    });
    return id;
  });
}

/**
 * What an event's edit asks of its sign-ups once its seats may have changed, in the edit's transaction: the
 * waiting list takes the seats now free. The sign-ups build on the events, never the reverse, so app.ts passes
 * inscricoes' `promoteWaitingList` in (eventosRoutes' option).
 */
export type AposMudarVagas = (app: FastifyInstance, tx: Executor, eventoId: string) => Promise<void>;

/** Replaces the event's fields and course set; concluido and cancelado are final. */
export async function updateEventoById(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  body: EventoUpdateInput,
  aposMudarVagas: AposMudarVagas,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const current = await lockEventoRow(tx, actor, id);
    if (!current) throw notFound(EVENTO_MESSAGES.notFound);
    const antes = await findEvento(tx, actor, id);
    const status = body.status ?? current.status;
    if (status !== current.status && isFinalStatus(current.status)) throw conflict(EVENTO_MESSAGES.statusFinal);
    const owner = await resolveOwner(tx, actor, body.clienteId, {
      clienteId: current.clienteId,
      microFranquiaId: current.microFranquiaId,
    });
    await checkCursos(tx, owner.clienteId, body.cursoIds);
    const { status: _status, ...rest } = body;
    await updateEvento(tx, id, { ...values(rest, owner), status });
    // More seats (or none) move the waiting list into them, first come first served.
    await aposMudarVagas(app, tx, id);
    await replaceEventoCursos(tx, id, body.cursoIds);
    // Read with the actor's scope: an event moved out of it is recorded with what it became, as far as it sees.
    await audit(tx, {
      acao: 'evento.editar',
      entidadeId: id,
      alteracoes: alteracoesDe(antes, await findEvento(tx, actor, id)),
    });
  });
}
