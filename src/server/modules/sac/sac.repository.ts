import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../../shared/schemas/list-query';
import type {
  AnexoTipo,
  AnswerTicketInput,
  CreateTicketInput,
  SacAnexo,
  SacMensagem,
  SacTicket,
  SacUser,
  TicketListQuery,
} from '../../../shared/schemas/sac';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, franquiasVisibleTo, microFranquiasVisibleTo, ticketsVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, franquias, microFranquias, sacAnexos, sacMensagens, sacTickets, users } from '../../db/schema';
import { pageWindow, searchAny } from '../../lib/pagination';

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
  const byTitle = searchAny(q, [sacTickets.titulo]);
  const idPrefix = q.replace(/^#/, '').toLowerCase();
  if (!/^[0-9a-f-]{1,36}$/.test(idPrefix)) return byTitle;
  return or(byTitle, sql`${sacTickets.id}::text like ${`${idPrefix}%`}`);
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

export async function insertMensagem(
  db: Executor,
  values: { ticketId: string; autorId: string; texto: string; interna: boolean; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(sacMensagens)
    .values({
      ticketId: values.ticketId,
      autorId: values.autorId,
      texto: values.texto,
      interna: values.interna,
      createdAt: values.now,
    })
    .returning({ id: sacMensagens.id });
  return row!.id;
}

export async function insertAnexos(
  db: Executor,
  mensagemId: string,
  anexos: (SacAnexo & { now: Date })[],
): Promise<void> {
  if (anexos.length === 0) return;
  await db.insert(sacAnexos).values(
    // A millisecond apart, so the files keep the order they were sent in.
    anexos.map((a, i) => ({
      id: a.id,
      mensagemId,
      nome: a.nome,
      tipo: a.tipo,
      tamanho: a.tamanho,
      createdAt: new Date(a.now.getTime() + i),
    })),
  );
}

/**
 * A ticket's conversation, oldest first, paged in SQL, or undefined when the ticket is not the caller's to read.
 * Internal notes only for the franqueador: the condition is in the query, so no page, count or attachment of the
 * requester's side ever holds one. One statement in the usual case -- the page, its total (a window count) and each
 * message's attachments (a JSON subquery), under the ticket's scope -- and a second only for an empty page, to tell
 * a ticket without messages (or a page past the end) from a ticket out of scope.
 */
export async function listMensagens(
  db: Executor,
  actor: Actor,
  ticketId: string,
  query: ListQuery,
  onlyId?: string,
): Promise<{ items: SacMensagem[]; total: number } | undefined> {
  const visible = sql`exists (select 1 from ${sacTickets} where ${sacTickets.id} = ${ticketId} and ${ticketsVisibleTo(actor)})`;
  const where = and(
    eq(sacMensagens.ticketId, ticketId),
    onlyId ? eq(sacMensagens.id, onlyId) : undefined,
    actor.role === 'franqueador' ? undefined : eq(sacMensagens.interna, false),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select({
      id: sacMensagens.id,
      texto: sacMensagens.texto,
      interna: sacMensagens.interna,
      createdAt: sacMensagens.createdAt,
      autorId: users.id,
      autorNome: users.nome,
      autorRole: users.role,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      anexos: sql<
        AnexoRow[] | string
      >`(select coalesce(json_agg(json_build_object('id', ${sacAnexos.id}, 'nome', ${sacAnexos.nome}, 'tipo', ${sacAnexos.tipo}, 'tamanho', ${sacAnexos.tamanho}) order by ${sacAnexos.createdAt}, ${sacAnexos.id}), '[]'::json) from ${sacAnexos} where ${sacAnexos.mensagemId} = ${sacMensagens.id})`,
    })
    .from(sacMensagens)
    .innerJoin(users, eq(users.id, sacMensagens.autorId))
    .where(and(where, visible))
    .orderBy(asc(sacMensagens.createdAt), asc(sacMensagens.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) {
    const [row] = await db
      .select({
        visible: sql<boolean>`${visible}`,
        total: sql<number>`(select count(*) from ${sacMensagens} where ${where})`.mapWith(Number),
      })
      .from(sql`(select 1) as um`);
    if (!row?.visible) return undefined;
    return { items: [], total: row.total };
  }
  const items = rows.map((r) => ({
    id: r.id,
    texto: r.texto,
    interna: r.interna,
    autor: { id: r.autorId, nome: r.autorNome, role: r.autorRole },
    em: r.createdAt.toISOString(),
    anexos: (typeof r.anexos === 'string' ? (JSON.parse(r.anexos) as AnexoRow[]) : r.anexos).map((a) => ({
      id: a.id,
      nome: a.nome,
      tipo: a.tipo as AnexoTipo,
      tamanho: a.tamanho,
    })),
  }));
  return { items, total: rows[0]!.total };
}

type AnexoRow = { id: string; nome: string; tipo: string; tamanho: number };

/** One message as the caller may read it (the answer to its POST). */
export async function findMensagem(
  db: Executor,
  actor: Actor,
  ticketId: string,
  id: string,
): Promise<SacMensagem | undefined> {
  const page = await listMensagens(db, actor, ticketId, { page: 1, pageSize: 1, q: undefined }, id);
  return page?.items[0];
}

/**
 * An attachment the caller may read: the message's ticket in the caller's scope, and an internal note's files
 * only for the franqueador. Anything else answers as absent.
 */
export async function findAnexo(
  db: Executor,
  actor: Actor,
  id: string,
): Promise<{ id: string; nome: string; tipo: string; tamanho: number } | undefined> {
  const [row] = await db
    .select({ id: sacAnexos.id, nome: sacAnexos.nome, tipo: sacAnexos.tipo, tamanho: sacAnexos.tamanho })
    .from(sacAnexos)
    .innerJoin(sacMensagens, eq(sacMensagens.id, sacAnexos.mensagemId))
    .innerJoin(sacTickets, eq(sacTickets.id, sacMensagens.ticketId))
    .where(
      and(
        eq(sacAnexos.id, id),
        ticketsVisibleTo(actor),
        actor.role === 'franqueador' ? undefined : eq(sacMensagens.interna, false),
      ),
    )
    .limit(1);
  return row;
}

/** The franqueador's team: who may be a ticket's responsável (the network's franqueador-side users). */
function equipeOf(actor: Actor): SQL {
  return and(
    eq(users.role, 'franqueador'),
    or(eq(users.id, actor.id), actor.franqueadorId ? eq(users.franqueadorId, actor.franqueadorId) : undefined),
  ) as SQL;
}

export async function listEquipe(db: Executor, actor: Actor): Promise<SacUser[]> {
  return db
    .select({ id: users.id, nome: users.nome, email: users.email, role: users.role })
    .from(users)
    .where(and(equipeOf(actor), eq(users.isActive, true)))
    .orderBy(asc(users.nome), asc(users.id))
    .limit(500);
}

export async function isEquipe(db: Executor, actor: Actor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), equipeOf(actor), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Who hears of a requester's message: the ticket's responsável, or without one the active franqueador users of
 * the ticket's network (through its franquia, or the requester's own network).
 */
export async function staffContacts(
  db: Executor,
  ticket: { responsavelId: string | null; franquiaId: string | null; solicitanteId: string },
): Promise<{ email: string; nome: string | null }[]> {
  if (ticket.responsavelId) {
    const contact = await findUserContact(db, ticket.responsavelId);
    return contact?.isActive ? [contact] : [];
  }
  const network = ticket.franquiaId
    ? sql`(select ${franquias.franqueadorId} from ${franquias} where ${franquias.id} = ${ticket.franquiaId})`
    : sql`(select ${users.franqueadorId} from ${users} where ${users.id} = ${ticket.solicitanteId})`;
  return db
    .select({ email: users.email, nome: users.nome })
    .from(users)
    .where(
      and(
        eq(users.role, 'franqueador'),
        eq(users.isActive, true),
        sql`${users.franqueadorId} = ${network}`,
        sql`${users.id} <> ${ticket.solicitanteId}`,
      ),
    )
    .limit(20);
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
