import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  type Evento,
  type EventoCurso,
  type EventoSortKey,
  eventoBuscaPorEstado,
} from '../../../shared/schemas/evento';
import type { ListSortValue } from '../../../shared/schemas/list-query';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, eventosVisibleTo, scopeNodeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, cursos, eventos, eventosCursos, eventosSearchText, leads } from '../../db/schema';
import { countUpToLimit } from '../../lib/list-page';
import { containsInSearchText } from '../../lib/pagination';
import { todayInBrasilia } from '../../../shared/brasilia';
import { countedTotal, eventoPresentes, presentesDe } from '../contagens';

type EventoRow = typeof eventos.$inferSelect;

/**
 * Open for sign-up (DESIGN §4.4): active, still 'agendado', on `today` (YYYY-MM-DD, or SQL that gives it) or later.
 * The public pages list by it and the public sign-up writes by it.
 */
export const openOn = (today: string | SQL) =>
  and(eq(eventos.isActive, true), eq(eventos.status, 'agendado'), gte(eventos.dataEvento, today));

/**
 * The event's counts (its seats taken, its waiting list, its presences), correlated with the outer query's `eventos`
 * row (each an index range: migrations 0012, 0007). The column is named in full: drizzle leaves the table out of a
 * one-table select's columns.
 */
export const eventoCounts = {
  inscritos: sql<number>`(select count(*)::int from ${leads} l
    where l.evento_id = eventos.id and not l.lista_espera and l.cancelado_em is null)`,
  listaEspera: sql<number>`(select count(*)::int from ${leads} l
    where l.evento_id = eventos.id and l.lista_espera and l.cancelado_em is null)`,
  // Its monthly counters and its presences not yet folded into them (modules/contagens).
  presentes: eventoPresentes,
};

/**
 * The event's courses (id and title, by title), read with its row: one probe of eventos_cursos and one of cursos an
 * event. Read apart for a page's 500 events, the planner hashed every course of the network (20,000) to join them.
 */
const cursosDoEvento = sql<EventoCurso[]>`(select coalesce(json_agg(json_build_object('id', c.id, 'titulo', c.titulo)
    order by c.titulo, c.id), '[]') from ${eventosCursos} ec join ${cursos} c on c.id = ec.curso_id
    where ec.evento_id = eventos.id)`;

const columns = {
  evento: eventos,
  cliente: { id: clientes.id, nomeFantasia: clientes.nomeFantasia },
  counts: eventoCounts,
  cursos: cursosDoEvento,
};

/** A list page's columns: its presences are read apart, for the whole page at once (`presentesDe`). */
const pageColumns = {
  ...columns,
  counts: { inscritos: eventoCounts.inscritos, listaEspera: eventoCounts.listaEspera },
};

type EventoCounts = { inscritos: number; listaEspera: number; presentes: number };

/** Sign-ups are taken at `now`: the event is open for them (as the public pages) and before its deadline. */
function inscricoesAbertas(row: EventoRow, now: Date): boolean {
  return (
    row.isActive &&
    row.status === 'agendado' &&
    row.dataEvento >= todayInBrasilia(now) &&
    (row.inscricoesAte === null || row.inscricoesAte.getTime() > now.getTime())
  );
}

function toEvento(
  row: EventoRow,
  cliente: { id: string; nomeFantasia: string } | null,
  cursosDoEvento: EventoCurso[],
  counts: EventoCounts,
  now: Date,
): Evento {
  const inscritos = Number(counts.inscritos);
  return {
    id: row.id,
    clienteId: row.clienteId,
    microFranquiaId: row.microFranquiaId,
    cliente,
    nomeEscola: row.nomeEscola,
    tipoEscola: row.tipoEscola,
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    dataDistribuicao: row.dataDistribuicao,
    dataEvento: row.dataEvento,
    horario: row.horario,
    local: row.local,
    qtdAlunos: row.qtdAlunos,
    valorTotalDesconto: row.valorTotalDesconto,
    observacao: row.observacao,
    status: row.status,
    isActive: row.isActive,
    vagas: row.vagas,
    inscricoesAte: row.inscricoesAte ? row.inscricoesAte.toISOString() : null,
    ...(row.vagas !== null ? { vagasRestantes: Math.max(0, row.vagas - inscritos) } : {}),
    inscricoesAbertas: inscricoesAbertas(row, now),
    inscritos,
    listaEspera: Number(counts.listaEspera),
    presentes: Number(counts.presentes),
    cursoIds: cursosDoEvento.map((c) => c.id),
    cursos: cursosDoEvento,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface EventoListFilter {
  q?: string;
  /** One cliente's events (issue 23), within the actor's scope. */
  clienteId?: string;
  sort?: ListSortValue<EventoSortKey>;
  limit: number;
  offset: number;
  now?: Date;
}

const EVENTO_SORT_COLUMNS: Record<Exclude<EventoSortKey, 'proximos'>, AnyPgColumn> = {
  dataEvento: eventos.dataEvento,
  nomeEscola: eventos.nomeEscola,
  status: eventos.status,
};

/**
 * The list's order (issue 23): newest first without a sort (DESIGN §4.3), the chosen column, or 'proximos' -- the
 * upcoming events first (today's, then the nearest), then the past ones, most recent first. The id breaks ties.
 */
function eventoOrder(sort: ListSortValue<EventoSortKey> | undefined, today: string): SQL[] {
  if (!sort) return [desc(eventos.createdAt), desc(eventos.id)];
  if (sort.key !== 'proximos') {
    const column = EVENTO_SORT_COLUMNS[sort.key];
    const by = sort.direction === 'desc' ? desc : asc;
    return [by(column), by(eventos.dataEvento), asc(eventos.id)];
  }
  const past = sql`(${eventos.dataEvento} < ${today})`;
  return [
    asc(past),
    sql`case when ${past} then null else ${eventos.dataEvento} end asc nulls last`,
    desc(eventos.dataEvento),
    desc(eventos.createdAt),
    asc(eventos.id),
  ];
}

/**
 * The ids of a page in the 'proximos' order, read as its two halves, each in the order of an index on the event's
 * date (issue 39, item 13): the upcoming events from today on, nearest first, then the past ones, latest first.
 * One ORDER BY over both (eventoOrder's) sorted every event of the scope on each request; here a page reads the
 * rows before it and its own. The upcoming ones are counted only when a page starts among the past ones.
 */
async function proximosPageIds(db: Executor, where: SQL, today: string, limit: number, offset: number) {
  const upcoming = sql`${eventos.dataEvento} >= ${today}`;
  const ahead = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(where, upcoming))
    .orderBy(asc(eventos.dataEvento), desc(eventos.createdAt), asc(eventos.id))
    .limit(limit)
    .offset(offset);
  if (ahead.length === limit) return ahead.map((row) => row.id);
  let pastOffset = 0;
  if (ahead.length === 0 && offset > 0) {
    const [counted] = await db.select({ value: count() }).from(eventos).where(and(where, upcoming));
    pastOffset = Math.max(0, offset - Number(counted?.value ?? 0));
  }
  const past = await db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(where, sql`${eventos.dataEvento} < ${today}`))
    .orderBy(desc(eventos.dataEvento), desc(eventos.createdAt), asc(eventos.id))
    .limit(limit - ahead.length)
    .offset(pastOffset);
  return [...ahead, ...past].map((row) => row.id);
}

/** What an Eventos search matches: a UF alone is the state; any other text, the school, city or state it contains. */
function buscaDeEventos(q: string): SQL {
  const uf = eventoBuscaPorEstado(q);
  return uf ? eq(eventos.estado, uf) : containsInSearchText(eventosSearchText(eventos), q);
}

/**
 * A page of the events the actor may read (upcoming first, or in the chosen order), with their courses; and the
 * number matching (`exact` false when a filter's count stopped at the lists' limit).
 */
export async function listEventos(db: Executor, actor: Actor, filter: EventoListFilter) {
  const where = and(
    eventosVisibleTo(actor),
    // On eventos_cliente_id_created_at_idx, beside the scope's own column.
    filter.clienteId ? eq(eventos.clienteId, filter.clienteId) : undefined,
    // SPEC §2: school, city or state; through the events' trigram index (migration 0024). A UF alone ('SP') is the
    // state, on its own index: two letters no trigram answers (issue 46).
    filter.q ? buscaDeEventos(filter.q) : undefined,
  ) as SQL;
  const today = todayInBrasilia(filter.now ?? new Date());
  const order = eventoOrder(filter.sort, today);
  // The whole scope is counted by the triggers (scope_counts: exact, a few rows however many events, as the funnel
  // lists' totals, ADR 032); a filter's matches are counted here up to the lists' limit (issue 46: 'mais de 10.000'
  // past it, never 10,001 rows read for the count). Read beside the page.
  const node = filter.q || filter.clienteId ? null : scopeNodeOf(actor);
  const counted: Promise<{ total: number; exact: boolean }> = node
    ? db
        .select({ value: countedTotal(node.id, 'eventos') })
        .from(sql`(select 1) as one`)
        .then(([row]) => ({ total: Number(row?.value ?? 0), exact: true }))
    : countUpToLimit(db, eventos, where);
  // The page's ids first, ordered on the events alone; the client and the counts (index probes an event) only for
  // the page's rows. Joined and counted before the order, a deep page of the 'proximos' order paid them for every
  // row it skipped (issue 39, item 13: about a second at page 50 of the franqueador's 50,000 events).
  const ids =
    filter.sort?.key === 'proximos'
      ? await proximosPageIds(db, where, today, filter.limit, filter.offset)
      : (
          await db
            .select({ id: eventos.id })
            .from(eventos)
            .where(where)
            .orderBy(...order)
            .limit(filter.limit)
            .offset(filter.offset)
        ).map((row) => row.id);
  const [rows, presentes, { total, exact }] = await Promise.all([
    // By their primary key (`= any`): `in (the page's subquery)` was planned as a hash semi join over every event
    // of the table (50,000: 10-20 ms a page).
    ids.length === 0
      ? []
      : db
          .select(pageColumns)
          .from(eventos)
          .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
          .where(sql`${eventos.id} = any(${sql.param(ids)}::uuid[])`)
          .orderBy(...order),
    // The page's presences in one read of their counters, not one probe an event.
    presentesDe(db, ids),
    counted,
  ]);
  const now = filter.now ?? new Date();
  return {
    items: rows.map((r) =>
      toEvento(r.evento, r.cliente, r.cursos, { ...r.counts, presentes: presentes.get(r.evento.id) ?? 0 }, now),
    ),
    total,
    exact,
  };
}

export async function findEvento(
  db: Executor,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<Evento | undefined> {
  const [row] = await db
    .select(columns)
    .from(eventos)
    .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
    .where(and(eq(eventos.id, id), eventosVisibleTo(actor)))
    .limit(1);
  if (!row) return undefined;
  return toEvento(row.evento, row.cliente, row.cursos, row.counts, now);
}

/** The event row, locked until the transaction ends, when the actor may read it. */
export async function lockEventoRow(db: Executor, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(eventos)
    .where(and(eq(eventos.id, id), eventosVisibleTo(actor)))
    .limit(1)
    .for('update');
  return row;
}

/** The client (id, its micro-franquia and whether it is active) when the actor may read it. */
export async function findVisibleCliente(db: Executor, actor: Actor, clienteId: string) {
  const [row] = await db
    .select({ id: clientes.id, microFranquiaId: clientes.microFranquiaId, isActive: clientes.isActive })
    .from(clientes)
    .where(and(eq(clientes.id, clienteId), clientesVisibleTo(actor)))
    .limit(1);
  return row;
}

/** How many of the courses belong to the client. */
export async function countCursosOfCliente(db: Executor, clienteId: string, cursoIds: string[]): Promise<number> {
  if (cursoIds.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(cursos)
    .where(and(eq(cursos.clienteId, clienteId), inArray(cursos.id, cursoIds)));
  return Number(row?.value ?? 0);
}

export type EventoValues = Omit<typeof eventos.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertEvento(db: Executor, values: EventoValues): Promise<string> {
  const [row] = await db.insert(eventos).values(values).returning({ id: eventos.id });
  return row!.id;
}

export async function updateEvento(db: Executor, id: string, values: EventoValues): Promise<void> {
  await db.update(eventos).set(values).where(eq(eventos.id, id));
}

/** Replaces the event's course set. */
export async function replaceEventoCursos(db: Executor, eventoId: string, cursoIds: string[]): Promise<void> {
  await db.delete(eventosCursos).where(eq(eventosCursos.eventoId, eventoId));
  if (cursoIds.length > 0) {
    await db.insert(eventosCursos).values(cursoIds.map((cursoId) => ({ eventoId, cursoId })));
  }
}
