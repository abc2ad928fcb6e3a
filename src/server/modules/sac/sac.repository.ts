import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../../shared/schemas/list-query';
import type { AnswerTicketInput, CreateTicketInput, SacTicket, SacUser } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, franquiasVisibleTo, microFranquiasVisibleTo, ticketsVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, franquias, microFranquias, sacTickets, users } from '../../db/schema';
import { pageWindow, searchAny } from '../../lib/pagination';

const solicitante = alias(users, 'solicitante');
const responsavel = alias(users, 'responsavel');

/** A ticket with its requester, franquia, micro-franquia and responsible person: one query, joins only. */
function selectTickets(db: Executor) {
  return db
    .select({
      id: sacTickets.id,
      solicitanteId: sacTickets.solicitanteId,
      responsavelId: sacTickets.responsavelId,
      titulo: sacTickets.titulo,
      descricao: sacTickets.descricao,
      departamento: sacTickets.departamento,
      status: sacTickets.status,
      prioridade: sacTickets.prioridade,
      resolucao: sacTickets.resolucao,
      resolvedAt: sacTickets.resolvedAt,
      createdAt: sacTickets.createdAt,
      solicitanteNome: solicitante.nome,
      solicitanteEmail: solicitante.email,
      solicitanteRole: solicitante.role,
      franquiaRazaoSocial: franquias.razaoSocial,
      microFranquiaRazaoSocial: microFranquias.razaoSocial,
      responsavelNome: responsavel.nome,
    })
    .from(sacTickets)
    .innerJoin(solicitante, eq(solicitante.id, sacTickets.solicitanteId))
    .leftJoin(franquias, eq(franquias.id, sacTickets.franquiaId))
    .leftJoin(microFranquias, eq(microFranquias.id, sacTickets.microFranquiaId))
    .leftJoin(responsavel, eq(responsavel.id, sacTickets.responsavelId));
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

function toTicket(row: TicketRow): SacTicket {
  return {
    id: row.id,
    solicitanteId: row.solicitanteId,
    responsavelId: row.responsavelId,
    titulo: row.titulo,
    descricao: row.descricao,
    departamento: row.departamento,
    status: row.status,
    prioridade: row.prioridade,
    resolucao: row.resolucao,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    solicitante: { nome: row.solicitanteNome, email: row.solicitanteEmail, role: row.solicitanteRole },
    franquia: row.franquiaRazaoSocial === null ? null : { razaoSocial: row.franquiaRazaoSocial },
    // A micro-franquia's ticket also carries its franquia; the card names the micro-franquia then.
    microFranquia: row.microFranquiaRazaoSocial === null ? null : { razaoSocial: row.microFranquiaRazaoSocial },
    responsavel: row.responsavelId === null ? null : { nome: row.responsavelNome },
  };
}

/**
 * SPEC §2: the search matches the title (case-insensitive substring) or the ticket id by its beginning, as the
 * screen shows it ('#abcd1234' or 'abcd1234'), up to the full uuid.
 */
function ticketSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const byTitle = searchAny(q, [sacTickets.titulo]);
  const idPrefix = q.replace(/^#/, '').toLowerCase();
  if (!/^[0-9a-f-]{1,36}$/.test(idPrefix)) return byTitle;
  return or(byTitle, sql`${sacTickets.id}::text like ${`${idPrefix}%`}`);
}

export async function listTickets(
  db: Executor,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: SacTicket[]; total: number }> {
  const where = and(ticketsVisibleTo(actor), ticketSearch(query.q));
  const { limit, offset } = pageWindow(query);
  const rows = await selectTickets(db)
    .where(where)
    .orderBy(desc(sacTickets.createdAt), desc(sacTickets.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sacTickets)
    .where(where);
  return { items: rows.map(toTicket), total: Number(count?.total ?? 0) };
}

export async function findTicket(db: Executor, actor: Actor, id: string): Promise<SacTicket | undefined> {
  const [row] = await selectTickets(db)
    .where(and(eq(sacTickets.id, id), ticketsVisibleTo(actor)))
    .limit(1);
  return row ? toTicket(row) : undefined;
}

/** The franquia a micro-franquia sits under, stored on its tickets so the franqueador's scope finds them. */
export async function findFranquiaOfMicroFranquia(db: Executor, microFranquiaId: string): Promise<string | null> {
  const [row] = await db
    .select({ franquiaId: microFranquias.franquiaId })
    .from(microFranquias)
    .where(eq(microFranquias.id, microFranquiaId))
    .limit(1);
  return row?.franquiaId ?? null;
}

export async function insertTicket(
  db: Executor,
  values: CreateTicketInput & {
    solicitanteId: string;
    franquiaId: string | null;
    microFranquiaId: string | null;
    now: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(sacTickets)
    .values({
      solicitanteId: values.solicitanteId,
      franquiaId: values.franquiaId,
      microFranquiaId: values.microFranquiaId,
      titulo: values.titulo,
      descricao: values.descricao,
      departamento: values.departamento,
      prioridade: values.prioridade,
      status: 'em_andamento',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: sacTickets.id });
  return row!.id;
}

/**
 * Records the answer only if the ticket, in the caller's scope, has none yet: one conditional UPDATE, so two
 * answers racing each other cannot both win. Answers the requester, or undefined when nothing was updated.
 */
export async function answerTicketIfOpen(
  db: Executor,
  actor: Actor,
  id: string,
  answer: AnswerTicketInput & { now: Date },
): Promise<{ solicitanteId: string; titulo: string } | undefined> {
  const [row] = await db
    .update(sacTickets)
    .set({
      status: answer.status,
      resolucao: answer.resolucao,
      responsavelId: actor.id,
      resolvedAt: answer.now,
      updatedAt: answer.now,
    })
    .where(and(eq(sacTickets.id, id), ticketsVisibleTo(actor), isNull(sacTickets.resolucao)))
    .returning({ solicitanteId: sacTickets.solicitanteId, titulo: sacTickets.titulo });
  return row;
}

export async function ticketExists(db: Executor, actor: Actor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sacTickets.id })
    .from(sacTickets)
    .where(and(eq(sacTickets.id, id), ticketsVisibleTo(actor)))
    .limit(1);
  return row !== undefined;
}

export async function findUserContact(
  db: Executor,
  id: string,
): Promise<{ email: string; nome: string | null; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, nome: users.nome, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * The franqueador's network as people: itself and every user tied to a franquia, micro-franquia or cliente it
 * can see (the scopes of access/ decide which).
 */
function networkUsersOf(actor: Actor): SQL {
  return or(
    eq(users.id, actor.id),
    actor.franqueadorId ? eq(users.franqueadorId, actor.franqueadorId) : undefined,
    sql`${users.franquiaId} in (select ${franquias.id} from ${franquias} where ${franquiasVisibleTo(actor)})`,
    sql`${users.microFranquiaId} in (select ${microFranquias.id} from ${microFranquias} where ${microFranquiasVisibleTo(actor)})`,
    sql`${users.clienteId} in (select ${clientes.id} from ${clientes} where ${clientesVisibleTo(actor)})`,
  ) as SQL;
}

export async function listNetworkUsers(
  db: Executor,
  actor: Actor,
  query: ListQuery,
): Promise<{ items: SacUser[]; total: number }> {
  const where = and(networkUsersOf(actor), searchAny(query.q, [users.nome, users.email]));
  const { limit, offset } = pageWindow(query);
  const items = await db
    .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { items, total: Number(count?.total ?? 0) };
}
