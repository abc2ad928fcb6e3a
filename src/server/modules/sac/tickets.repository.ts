import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnswerTicketInput, CreateTicketInput, SacTicket, TicketListQuery } from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { ticketsVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { franquias, microFranquias, sacTickets, users } from '../../db/schema';
import { containsInSearchText, pageWindow } from '../../lib/pagination';

/**
 * The help desk's tickets (issue 19): the list and its filters, one ticket, its writes and the franqueador's figures.
 * Messages and attachments: mensagens.repository.ts; who asks and who answers: pessoas.repository.ts.
 */

/**
 * Late (issue 19): open and past the earliest deadline still pending -- the first response while none was given,
 * else the resolution (`prazo_ate`, computed by PostgreSQL: migration 0023). A ticket waiting on its requester,
 * concluded or cancelled is not late.
 */
export function atrasadoSql(now: Date): SQL {
  return sql`(${sacTickets.status} = 'em_andamento' and ${sacTickets.prazoAte} < ${now.toISOString()}::timestamptz)`;
}

/**
 * A ticket with its requester, franquia, micro-franquia and responsible person: one query. The names are scalar
 * subqueries on primary keys, not joins: the planner settles each on its own, and a five-table join cost the late
 * list about 1 ms of planning per request (0.16 ms this way), more than the query's execution (issue 19).
 */
function selectTickets(db: Executor, now: Date, countWhere?: SQL) {
  const userOf = <T>(id: AnyPgColumn, column: SQL) =>
    sql<T>`(select ${column} from ${users} where ${users.id} = ${id})`;
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
      // The requester's three fields from one lookup (a page of 50 made 150 of them).
      solicitante: userOf<SacTicket['solicitante']>(
        sacTickets.solicitanteId,
        sql`json_build_object('nome', ${users.nome}, 'email', ${users.email}, 'role', ${users.role})`,
      ),
      franquiaRazaoSocial: sql<
        string | null
      >`(select ${franquias.razaoSocial} from ${franquias} where ${franquias.id} = ${sacTickets.franquiaId})`,
      microFranquiaRazaoSocial: sql<
        string | null
      >`(select ${microFranquias.razaoSocial} from ${microFranquias} where ${microFranquias.id} = ${sacTickets.microFranquiaId})`,
      responsavelNome: userOf<string | null>(sacTickets.responsavelId, sql`${users.nome}`),
      primeiraRespostaAte: sacTickets.primeiraRespostaAte,
      resolucaoAte: sacTickets.resolucaoAte,
      primeiraRespostaEm: sacTickets.primeiraRespostaEm,
      atrasado: sql<boolean>`${atrasadoSql(now)}`,
      avaliacaoNota: sacTickets.avaliacaoNota,
      avaliacaoComentario: sacTickets.avaliacaoComentario,
      avaliadoEm: sacTickets.avaliadoEm,
      // A list's total, on each of its rows: an uncorrelated subquery, computed once per statement.
      total: countWhere
        ? sql<number>`(select count(*) from ${sacTickets} where ${countWhere})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(sacTickets);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/** The list's filters (issue 19), all in SQL. */
function ticketFilters(query: TicketListQuery, now: Date): SQL | undefined {
  return and(
    query.status ? eq(sacTickets.status, query.status) : undefined,
    query.prioridade ? eq(sacTickets.prioridade, query.prioridade) : undefined,
    query.departamento ? eq(sacTickets.departamento, query.departamento) : undefined,
    query.responsavelId ? eq(sacTickets.responsavelId, query.responsavelId) : undefined,
    query.atrasados ? atrasadoSql(now) : undefined,
  );
}

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
    solicitante: row.solicitante,
    franquia: row.franquiaRazaoSocial === null ? null : { razaoSocial: row.franquiaRazaoSocial },
    // A micro-franquia's ticket also carries its franquia; the card names the micro-franquia then.
    microFranquia: row.microFranquiaRazaoSocial === null ? null : { razaoSocial: row.microFranquiaRazaoSocial },
    responsavel: row.responsavelId === null ? null : { nome: row.responsavelNome },
    primeiraRespostaAte: iso(row.primeiraRespostaAte),
    resolucaoAte: iso(row.resolucaoAte),
    primeiraRespostaEm: iso(row.primeiraRespostaEm),
    atrasado: row.atrasado === true,
    avaliacao:
      row.avaliacaoNota === null || row.avaliadoEm === null
        ? null
        : { nota: row.avaliacaoNota, comentario: row.avaliacaoComentario, em: row.avaliadoEm.toISOString() },
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * SPEC §2: the search matches the title (case-insensitive substring) or the ticket id by its beginning, as the
 * screen shows it ('#abcd1234' or 'abcd1234'), up to the full uuid.
 */
function ticketSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  // The title's stored search text (ADR 141): lower-case, without accents, indexed by trigram.
  const byTitle = containsInSearchText(sacTickets.busca, q);
  const ids = uuidsBeginningWith(q.replace(/^#/, '').toLowerCase());
  if (!ids) return byTitle;
  return or(byTitle, sql`${sacTickets.id} between ${ids.first}::uuid and ${ids.last}::uuid`);
}

const UUID_TEXT = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The ids whose text begins with `prefix` (lower-case), as the first and last uuid of their range -- a uuid's text is
 * its bytes in hexadecimal, in the same order -- so the primary key finds them (ADR 141) instead of every ticket's id
 * being written out as text. Null when no id's text can begin so: a character other than a hexadecimal digit, or a
 * dash anywhere but where a uuid's text has one.
 */
export function uuidsBeginningWith(prefix: string): { first: string; last: string } | null {
  if (prefix.length === 0 || prefix.length > UUID_TEXT.length) return null;
  for (let i = 0; i < prefix.length; i++) {
    const dash = UUID_TEXT[i] === '-';
    if (dash ? prefix[i] !== '-' : !/[0-9a-f]/.test(prefix[i]!)) return null;
  }
  const rest = UUID_TEXT.slice(prefix.length);
  return { first: prefix + rest.replaceAll('x', '0'), last: prefix + rest.replaceAll('x', 'f') };
}

export async function listTickets(
  db: Executor,
  actor: Actor,
  query: TicketListQuery,
  now: Date,
): Promise<{ items: SacTicket[]; total: number }> {
  const where = and(ticketsVisibleTo(actor), ticketSearch(query.q), ticketFilters(query, now)) ?? sql`true`;
  const { limit, offset } = pageWindow(query);
  // The page's keys first, from the index alone where it holds the filters (the late list: migration 0023), then
  // only those tickets are read. The total rides on the page's own statement: one round trip, not two. An empty
  // page (nothing found, or a page past the end) counts on its own.
  const keys = db
    .select({ id: sacTickets.id })
    .from(sacTickets)
    .where(where)
    .orderBy(desc(sacTickets.createdAt), desc(sacTickets.id))
    .limit(limit)
    .offset(offset);
  const rows = await selectTickets(db, now, where)
    .where(sql`${sacTickets.id} = any(array(${keys}))`)
    .orderBy(desc(sacTickets.createdAt), desc(sacTickets.id));
  if (rows.length > 0) return { items: rows.map(toTicket), total: rows[0]!.total };
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(sacTickets)
    .where(where);
  return { items: [], total: Number(count?.total ?? 0) };
}

export async function findTicket(db: Executor, actor: Actor, id: string, now: Date): Promise<SacTicket | undefined> {
  const [row] = await selectTickets(db, now)
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
    primeiraRespostaAte: Date;
    resolucaoAte: Date;
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
      primeiraRespostaAte: values.primeiraRespostaAte,
      resolucaoAte: values.resolucaoAte,
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

/** What the help desk's writes need of a ticket, locked for the transaction (FOR UPDATE), in the caller's scope. */
export async function lockTicket(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: sacTickets.id,
      solicitanteId: sacTickets.solicitanteId,
      responsavelId: sacTickets.responsavelId,
      franquiaId: sacTickets.franquiaId,
      titulo: sacTickets.titulo,
      status: sacTickets.status,
      prioridade: sacTickets.prioridade,
      resolucao: sacTickets.resolucao,
      resolvedAt: sacTickets.resolvedAt,
      createdAt: sacTickets.createdAt,
      reabertoEm: sacTickets.reabertoEm,
      primeiraRespostaEm: sacTickets.primeiraRespostaEm,
      slaPausaMs: sacTickets.slaPausaMs,
      slaPausadoEm: sacTickets.slaPausadoEm,
      avaliadoEm: sacTickets.avaliadoEm,
    })
    .from(sacTickets)
    .where(and(eq(sacTickets.id, id), ticketsVisibleTo(actor)))
    .for('update', { of: sacTickets })
    .limit(1);
  return row;
}

export type LockedTicket = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;

export async function updateTicketColumns(
  db: Executor,
  id: string,
  values: Partial<typeof sacTickets.$inferInsert>,
): Promise<void> {
  await db.update(sacTickets).set(values).where(eq(sacTickets.id, id));
}

/** The franqueador's figures: open, late and waiting tickets, and the period's average rating. */
export async function resumo(db: Executor, actor: Actor, now: Date, dias: number) {
  const desde = new Date(now.getTime() - dias * 86_400_000).toISOString();
  const [row] = await db
    .select({
      abertos: sql<number>`count(*) filter (where ${sacTickets.status} = 'em_andamento')::int`,
      atrasados: sql<number>`count(*) filter (where ${atrasadoSql(now)})::int`,
      aguardando: sql<number>`count(*) filter (where ${sacTickets.status} = 'aguardando_solicitante')::int`,
      media: sql<
        string | null
      >`round(avg(${sacTickets.avaliacaoNota}) filter (where ${sacTickets.avaliadoEm} >= ${desde}::timestamptz), 1)`,
      avaliados: sql<number>`count(*) filter (where ${sacTickets.avaliadoEm} >= ${desde}::timestamptz)::int`,
    })
    .from(sacTickets)
    .where(ticketsVisibleTo(actor));
  return {
    abertos: Number(row?.abertos ?? 0),
    atrasados: Number(row?.atrasados ?? 0),
    aguardando: Number(row?.aguardando ?? 0),
    avaliacao: { media: row?.media == null ? null : Number(row.media), total: Number(row?.avaliados ?? 0), dias },
  };
}

/**
 * The network and branch of a ticket being opened, as SQL that selects them (a webhook event's `redes`): its
 * franquia's network, or its author's when it has none.
 */
export const redesDoTicketNovo = (franquiaId: string | null, autorId: string): SQL =>
  sql`select coalesce(
          (select franqueador_id from ${franquias} where id = ${franquiaId}::uuid),
          (select franqueador_id from ${users} where id = ${autorId}::uuid)) as franqueador_id,
        ${franquiaId}::uuid as franquia_id`;
