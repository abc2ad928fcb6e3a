import type { FastifyReply } from 'fastify';
import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { MISSING, onlyDigits } from '../../../shared/format';
import {
  type FunnelEvento,
  type FunnelFilter,
  type FunnelListQuery,
  type FunnelResumo,
  conversionRate,
} from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf, funnelEventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, eventos, scopeCounts } from '../../db/schema';
import { type CsvValue, attachmentDisposition, csvStream } from '../../lib/csv';
import { likePattern, pageWindow } from '../../lib/pagination';

/**
 * What the four funnel lists (leads, interesses, pré-matrículas, matrículas) share on the server: the nested
 * event, the event and date filters, the search, the keyset batches of the CSV exports and the summary cards.
 */

/** The network is Brazilian: 'today' in file names and the pt-BR timestamps in exports are Brasília's. */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

/** Rows read per query while a CSV streams. */
export const EXPORT_BATCH_SIZE = 1000;

/** At most this many events in the filter's options (newest first). */
const EVENT_OPTIONS_LIMIT = 500;

export const eventoSelection = {
  id: eventos.id,
  nomeEscola: eventos.nomeEscola,
  cidade: eventos.cidade,
  estado: eventos.estado,
  dataEvento: eventos.dataEvento,
};

export const clienteSelection = { nomeFantasia: clientes.nomeFantasia };

/** The franqueador's answers name the school behind each event (SPEC §3); nobody else's do. */
export function withClienteFor<T extends { cliente: { nomeFantasia: string } | null }>(
  actor: Actor,
  rows: T[],
): (Omit<T, 'cliente'> & { cliente?: { nomeFantasia: string } | null })[] {
  if (actor.role === 'franqueador') return rows;
  return rows.map(({ cliente: _cliente, ...row }) => row);
}

/** A funnel table (leads, pre_matriculas, matriculas): its rows hang off an event and sort by creation. */
export interface FunnelSource {
  table: PgTable;
  id: AnyPgColumn;
  eventoId: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** Its column in scope_counts. */
  counter: FunnelCounter;
}

export type FunnelCounter = 'leads' | 'preMatriculas' | 'matriculas';

const COUNTER_COLUMNS = {
  clientes: scopeCounts.clientes,
  leads: scopeCounts.leads,
  preMatriculas: scopeCounts.preMatriculas,
  matriculas: scopeCounts.matriculas,
  eventosAtivos: scopeCounts.eventosAtivos,
  eventos: scopeCounts.eventos,
} as const;

/**
 * A total kept by the triggers (see scope_counts in the schema): exact, and a sum of at most 16 rows however
 * many millions it counts. As a subquery, so several fit in one round trip.
 */
export function countedTotal(scopeId: string, counter: keyof typeof COUNTER_COLUMNS): SQL<number> {
  return sql<number>`(select coalesce(sum(${COUNTER_COLUMNS[counter]}), 0) from ${scopeCounts} where ${scopeCounts.scopeId} = ${scopeId})::int`;
}

/** One row of scalar subqueries (the counters, a few counts) in one round trip. */
function selectScalars<F extends SelectedFields>(db: Executor, fields: F) {
  return db.select(fields).from(sql`(select 1) as one`);
}

function isUnfiltered(filter: FunnelFilter): boolean {
  return !filter.q && !filter.eventoId && !filter.data;
}

/** A selected row; the cliente comes through a left join (an event may belong to a micro-franquia alone). */
type FunnelRow<S extends SelectedFields> = Omit<SelectResultFields<S>, 'cliente'> & {
  cliente: { nomeFantasia: string } | null;
};

/**
 * One page of a funnel list, newest first, with the event (and, for the franqueador, the cliente) of each row
 * and the number of all rows that match: the same two queries for every list.
 */
export async function listFunnelPage<S extends SelectedFields & { cliente: typeof clienteSelection }>(
  db: Executor,
  actor: Actor,
  source: FunnelSource,
  selection: S,
  where: SQL | undefined,
  query: FunnelListQuery,
) {
  const { limit, offset } = pageWindow(query);
  const scopeId = isUnfiltered(query) ? countedScopeOf(actor, source.counter) : null;
  const page = (fields: SelectedFields) =>
    db
      .select(fields)
      .from(source.table)
      .innerJoin(eventos, eq(eventos.id, source.eventoId))
      .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
      .where(where)
      .orderBy(...newestFirst(source.createdAt, source.id))
      .limit(limit)
      .offset(offset);

  if (scopeId) {
    // The whole scope, counted by the triggers: the total rides along with the page, one round trip.
    const withTotal = await page({ ...selection, scopeTotal: countedTotal(scopeId, source.counter) });
    const total = withTotal[0]
      ? Number(withTotal[0].scopeTotal)
      : offset === 0
        ? 0
        : Number((await selectScalars(db, { n: countedTotal(scopeId, source.counter) }))[0]?.n);
    const rows = withTotal.map(({ scopeTotal: _total, ...row }) => row) as unknown as FunnelRow<S>[];
    return { items: withClienteFor(actor, rows), total };
  }

  // A filtered list counts its matches beside the page (the event's date is the only filter that needs the
  // event row). The builder is typed on the plain field map; the rows get the caller's selection's type back.
  const count = query.data
    ? db
        .select({ total: sql<number>`count(*)::int` })
        .from(source.table)
        .innerJoin(eventos, eq(eventos.id, source.eventoId))
        .where(where)
    : db
        .select({ total: sql<number>`count(*)::int` })
        .from(source.table)
        .where(where);
  const [rows, [counted]] = await Promise.all([page(selection) as unknown as Promise<FunnelRow<S>[]>, count]);
  return { items: withClienteFor(actor, rows), total: Number(counted?.total ?? 0) };
}

/** The event filter and the date filter; the date is compared with the EVENT's date (SPEC §2). */
export function eventFilters(filter: FunnelFilter, eventoIdColumn: AnyPgColumn): SQL | undefined {
  return and(
    filter.eventoId ? eq(eventoIdColumn, filter.eventoId) : undefined,
    filter.data ? eq(eventos.dataEvento, filter.data) : undefined,
  );
}

/**
 * Case-insensitive substring on the given columns (SPEC §5). Phones are stored as digits, so a search typed
 * with a mask, '(19) 98700', also matches the phone by its digits. `columns` may instead be one lower-case text
 * expression that joins them (the leads' trigram-indexed search text).
 */
export function funnelSearch(q: string | undefined, columns: AnyPgColumn[] | SQL, phone: AnyPgColumn): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const conditions = Array.isArray(columns)
    ? [...columns, phone].map((column) => sql`${column} ilike ${pattern}`)
    : [sql`${columns} like ${pattern.toLowerCase()}`];
  // Only a query that looks like a phone number (digits and mask characters) is also read as one: the
  // digits of a name or an e-mail ('ana3@...') must not match every phone that contains them.
  const digits = onlyDigits(q);
  if (digits.length >= 2 && digits !== q && /^[\d\s().+-]+$/.test(q)) {
    conditions.push(sql`${phone} like ${likePattern(digits)}`);
  }
  return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`;
}

export interface KeysetCursor {
  /** created_at as PostgreSQL's own text, so no microsecond is lost on the way through JavaScript. */
  at: string;
  id: string;
}

/** The text form of a sort timestamp, selected beside each exported row to continue after it. */
export const cursorText = (column: AnyPgColumn) => sql<string>`${column}::text`;

export function keysetAfter(cursor: KeysetCursor | null, at: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

export const newestFirst = (at: AnyPgColumn, id: AnyPgColumn) => [desc(at), desc(id)];

/**
 * Reads a whole filtered list in batches, each continuing after the last row of the one before (keyset, so a
 * million rows cost the same per batch as the first thousand). The next batch is already being read while the
 * current one is written out; at most two batches are in memory.
 */
export async function* keysetBatches<R extends { cursorAt: string; id: string }>(
  fetch: (after: KeysetCursor | null, limit: number) => Promise<R[]>,
  size: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let pending: Promise<R[]> | null = fetch(null, size);
  try {
    while (pending) {
      const rows: R[] = await pending;
      const last = rows[rows.length - 1];
      pending = rows.length === size && last ? fetch({ at: last.cursorAt, id: last.id }, size) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // The reader went away mid-file: the read already started must not become an unhandled rejection.
    pending?.catch(() => undefined);
  }
}

/** YYYY-MM-DD of today in Brasília, for the export's file name. */
export function todayInBrazil(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BRAZIL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** One formatter for every exported row: building an Intl formatter per cell would dominate a large export. */
const brazilDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A timestamp as the exports show it: DD/MM/YYYY in Brasília. */
export function csvDate(value: Date | string | null): string {
  if (value == null) return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? MISSING : brazilDate.format(date);
}

/** The events the funnel filter offers the caller (its scope), newest event first. */
export async function listFunnelEventos(db: Executor, actor: Actor): Promise<FunnelEvento[]> {
  return db
    .select(eventoSelection)
    .from(eventos)
    .where(funnelEventosVisibleTo(actor))
    .orderBy(desc(eventos.dataEvento), desc(eventos.createdAt), desc(eventos.id))
    .limit(EVENT_OPTIONS_LIMIT);
}

/** The event named in an export's file name, when it is in the caller's scope. */
export async function findFunnelEvento(
  db: Executor,
  actor: Actor,
  eventoId: string | undefined,
): Promise<FunnelEvento | null> {
  if (!eventoId) return null;
  const [row] = await db
    .select(eventoSelection)
    .from(eventos)
    .where(and(eq(eventos.id, eventoId), funnelEventosVisibleTo(actor)))
    .limit(1);
  return row ?? null;
}

/** Total rows of a list in scope and the active events in scope, in one round trip. */
export async function countResumo(
  db: Executor,
  actor: Actor,
  source: Pick<FunnelSource, 'table' | 'counter'>,
  visible: SQL,
): Promise<FunnelResumo> {
  const scopeId = countedScopeOf(actor, source.counter);
  const [row] = await selectScalars(
    db,
    scopeId
      ? { total: countedTotal(scopeId, source.counter), eventos: countedTotal(scopeId, 'eventosAtivos') }
      : {
          total: sql<number>`(select count(*) from ${source.table} where ${visible})::int`,
          eventos: sql<number>`(select count(*) from ${eventos} where ${funnelEventosVisibleTo(actor)} and ${eventos.isActive})::int`,
        },
  );
  const total = Number(row?.total ?? 0);
  const eventosAtivos = Number(row?.eventos ?? 0);
  return { total, eventosAtivos, taxaConversao: conversionRate(total, eventosAtivos) };
}

/** Answers a CSV download that streams from the database while the client reads it. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[][]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(fileName))
    .send(csvStream(header, rows));
}

/** Maps each batch of database rows to CSV rows, lazily. */
export async function* mapBatches<R>(
  batches: AsyncIterable<R[]>,
  toRow: (row: R) => CsvValue[],
): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) yield batch.map(toRow);
}
