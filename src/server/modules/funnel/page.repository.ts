import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FunnelFilter, FunnelListQuery } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf, funnelRowsVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { clientes, eventos } from '../../db/schema';
import { cappedTotal } from '../../lib/pagination';
import { type KeysetOrder, cursorKeys, jumpCursor, keysetPage, keysetWindow, pastCursor } from '../../lib/keyset';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import { FUNNEL_ORDEM_PADRAO } from '../../../shared/schemas/funnel';
import { ordemDe } from '../../../shared/schemas/list-cursor';
import { countedTotal } from '../contagens';
import { selectScalars } from './counts.repository';
import { hasDrillFilter, placeByEvents } from './drill';
import type { FunnelSource } from './source';

export const clienteSelection = { nomeFantasia: clientes.nomeFantasia };

/** The franqueador's answers name the school behind each event (SPEC §3); nobody else's do. */
export function withClienteFor<T extends { cliente: { nomeFantasia: string } | null }>(
  actor: Actor,
  rows: T[],
): (Omit<T, 'cliente'> & { cliente?: { nomeFantasia: string } | null })[] {
  if (actor.role === 'franqueador') return rows;
  return rows.map(({ cliente: _cliente, ...row }) => row);
}

export function isUnfiltered(filter: FunnelFilter): boolean {
  return !filter.q && !filter.eventoId && !filter.data && !hasDrillFilter(filter);
}

/** A selected row; the cliente comes through a left join (an event may belong to a micro-franquia alone). */
type FunnelRow<S extends SelectedFields> = Omit<SelectResultFields<S>, 'cliente'> & {
  cliente: { nomeFantasia: string } | null;
};

/** What a list adds to the shared filters: more of its own, and a cheaper exact total when it knows one. */
export interface ListOptions {
  /** The list filters on more than the shared filters (the counters no longer answer its total). */
  filtered?: boolean;
  /** The exact number of matching rows, counted another way than `count(*)` over them. */
  total?: () => Promise<number>;
  /**
   * The filters name the rows by a list of their events (the attendance filter's, ADR 132): the page's keys are read
   * first, as a place's are, and only its rows are joined.
   */
  byEvents?: boolean;
}

/**
 * A funnel list's order (issue 23, 46): its own date and the id, newest first by default or oldest first; both
 * walk the scope's (scope, created_at, id) index, backwards or forwards. Its cursors are named by the list.
 */
export function funnelOrder(source: FunnelSource, query: Pick<FunnelListQuery, 'sort'>): KeysetOrder {
  const desc = query.sort?.direction !== 'asc';
  return {
    lista: source.counter,
    ordem: ordemDe(query.sort, FUNNEL_ORDEM_PADRAO),
    keys: [
      { expr: source.createdAt, type: 'timestamptz', desc },
      { expr: source.id, type: 'uuid', desc },
    ],
  };
}

/** The day after a day (YYYY-MM-DD). */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * Where 'Ir para' a day starts (issue 46), as PostgreSQL reads a moment in Brasília: newest first, the end of the
 * day (its rows and older ones follow); oldest first, its start.
 */
function jumpInstant(query: Pick<FunnelListQuery, 'sort' | 'irPara'>): string {
  const day = query.sort?.direction === 'asc' ? query.irPara! : nextDay(query.irPara!);
  return `${day} 00:00:00 ${BRASILIA_TIME_ZONE}`;
}

/**
 * One page of a funnel list, newest first, with the event (and, for the franqueador, the cliente) of each row
 * and the number of all rows that match: the same two queries for every list. A page after or before a cursor
 * (issue 46) is read from the cursor's key on the same index, so the last page costs what the first does; the
 * answer names the pages beside it either way.
 */
export async function listFunnelPage<S extends SelectedFields & { cliente: typeof clienteSelection }>(
  db: Executor,
  actor: Actor,
  source: FunnelSource,
  selection: S,
  filters: SQL | undefined,
  query: FunnelListQuery,
  options: ListOptions = {},
) {
  const order = funnelOrder(source, query);
  // 'Ir para' a day (issue 46): the page after a cursor standing at the day's edge in the list's order.
  const jump = query.irPara && !query.apos && !query.antes ? jumpCursor(order, jumpInstant(query)) : undefined;
  const paging = jump ? { ...query, apos: jump } : query;
  const window = keysetWindow(order, paging);
  const { limit, offset } = window;
  // Read backwards (a page before a cursor) the comparison turns around with the order.
  const ascending = (query.sort?.direction === 'asc') !== window.reversed;
  const where = and(filters, window.past);
  const scopeId = isUnfiltered(query) && !options.filtered ? countedScopeOf(actor, source.counter) : null;
  // A place (issue 46) names its rows by their events: the page's keys are read from the events' (evento_id,
  // created_at, id) index alone, sorted, and only the page's rows are read after (a franqueador's 39,000 leads in
  // one state: 26 ms; read row by row and sorted, 160-390 ms). Its deep page takes its offset there too.
  const keysFirst = placeByEvents(actor, query) || Boolean(options.byEvents);
  // A deep page (issue 21) first finds its first row's key through the list's own index alone (an index-only
  // scan of `offset` keys), then reads just its rows from there: OFFSET read and joined every row it skipped
  // (page 200 of the franqueador's leads: 635 ms; so: 28 ms). A cursor's page starts at its key at once.
  const from =
    offset > 0 && !keysFirst
      ? sql`(${source.createdAt}, ${source.id}) ${ascending ? sql`>=` : sql`<=`} (${db
          .select({ at: source.createdAt, id: source.id })
          .from(source.table)
          .where(where)
          .orderBy(...window.orderBy)
          .limit(1)
          .offset(offset)})`
      : undefined;
  const keys = () =>
    sql`${source.id} = any(array(${db
      .select({ id: source.id })
      .from(source.table)
      .where(where)
      .orderBy(...window.orderBy)
      .limit(limit)
      .offset(offset)}))`;
  const page = (fields: SelectedFields, rows: SQL | undefined = keysFirst ? keys() : and(where, from)) =>
    db
      .select({ ...fields, cursorChaves: cursorKeys(order.keys) })
      .from(source.table)
      .innerJoin(eventos, eq(eventos.id, source.eventoId))
      .leftJoin(clientes, eq(clientes.id, eventos.clienteId))
      .where(rows)
      .orderBy(...window.orderBy)
      .limit(limit);
  type Read = FunnelRow<S> & { cursorChaves: (string | null)[] };
  // A jump's page is the first when no row stands before the day: one probe of the same index.
  const rowsBefore = async () =>
    !jump ||
    (
      await db
        .select({ one: sql`1` })
        .from(source.table)
        .where(and(filters, pastCursor(order.keys, jump.chaves, true)))
        .limit(1)
    ).length > 0;
  const paged = async (read: Read[]) => {
    const { rows, cursors } = keysetPage(order, paging, read, { rowsBefore: await rowsBefore() });
    return { items: withClienteFor(actor, rows as FunnelRow<S>[]), cursors };
  };

  if (scopeId) {
    // The whole scope, counted by the triggers: the total rides along with the page, one round trip.
    const withTotal = (await page({
      ...selection,
      scopeTotal: countedTotal(scopeId, source.counter),
    })) as unknown as (Read & {
      scopeTotal: number;
    })[];
    const total = withTotal[0]
      ? Number(withTotal[0].scopeTotal)
      : offset === 0 && !window.byCursor
        ? 0
        : Number((await selectScalars(db, { n: countedTotal(scopeId, source.counter) }))[0]?.n);
    const rows: Read[] = withTotal.map(({ scopeTotal: _total, ...row }) => row as Read);
    return { ...(await paged(rows)), total, exact: true };
  }

  // A search's page by number (issue 46): its matches are found once, for the count and the page together.
  if (query.q && !window.byCursor && !jump) {
    const found = await searchKeys(db, source, filters, { orderBy: window.orderBy, ascending, offset, limit });
    if (found) {
      const { n, ids } = found;
      // The page's rows by their ids alone, still the caller's: with the filters again, the planner read the
      // search's matches a second time (a franqueador's 500 in one state: 3,758 rows read for 501).
      const byIds = and(funnelRowsVisibleTo(actor, source.counter), sql`${source.id} = any(${sql.param(ids)}::uuid[])`);
      const rows = (await (ids ? page(selection, byIds) : page(selection))) as unknown as Read[];
      return { ...(await paged(rows)), ...cappedTotal(n, TOTAL_COUNT_LIMIT) };
    }
  }
  // A filtered list counts its matches beside the page (the event's date is the only filter that needs the
  // event row). The builder is typed on the plain field map; the rows get the caller's selection's type back.
  if (options.total) {
    const [rows, total] = await Promise.all([page(selection) as unknown as Promise<Read[]>, options.total()]);
    return { ...(await paged(rows)), total, exact: true };
  }
  // The date filter names its events by a subquery (eventFilters), so no filter needs the event row here. The
  // count counts the filters' rows, wherever the cursor stands.
  const [rows, total] = await Promise.all([
    page(selection) as unknown as Promise<Read[]>,
    cappedCount(db, source, filters),
  ]);
  return { ...(await paged(rows)), ...total };
}

/** The filters' rows counted up to one past the limit (issue 21): 100,000 matches cost what 10,001 do. */
async function cappedCount(db: Executor, source: FunnelSource, filters: SQL | undefined) {
  const matching = db
    .select({ one: sql`1` })
    .from(source.table)
    .where(filters)
    .limit(TOTAL_COUNT_LIMIT + 1)
    .as('matching');
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(matching);
  return cappedTotal(Number(counted?.total ?? 0), TOTAL_COUNT_LIMIT);
}

/**
 * Where a search's deep page starts to be read in order with its count (`searchKeys`): past half the rows a total
 * counts, walking the order to the page costs more than the count's own read.
 */
const SEARCH_DEEP_FROM = TOTAL_COUNT_LIMIT / 2;

/**
 * A search's matches, read once for its count and its page by number (issue 46). Up to the count's limit and one
 * more are kept (`n`, counted as the lists count, issue 21), and the page's ids are taken from them in the list's
 * order (`ids`), so the search's condition is evaluated once per match instead of once for the count and again
 * for the page:
 * - a page within the first half of the limit reads the matches in no order, as the count did: the trigram index
 *   beside the filters' own indexes (a bitmap of each, intersected), only the rows in both read. When they are all
 *   there (n at most the limit), the page is theirs, sorted; when more match, `ids` is null and the page is read
 *   as before, newest first, beside a count already made;
 * - a deeper page reads the first matches in the list's order (the scope's index walked, or the matches sorted,
 *   as the planner finds cheaper), and the page is cut from them: its rows lie within the limit.
 * Undefined when the page lies past the limit's rows (a page number no screen reaches): the page is read as before.
 */
async function searchKeys(
  db: Executor,
  source: FunnelSource,
  filters: SQL | undefined,
  { orderBy, ascending, offset, limit }: { orderBy: SQL[]; ascending: boolean; offset: number; limit: number },
): Promise<{ n: number; ids: string[] | null } | undefined> {
  const deep = offset + limit > SEARCH_DEEP_FROM;
  if (deep && offset + limit > TOTAL_COUNT_LIMIT + 1) return undefined;
  const direction = ascending ? sql`asc` : sql`desc`;
  const matches = db.select({ at: source.createdAt, id: source.id }).from(source.table).where(filters);
  // Unordered, the matches are planned as all of them and read until the limit (ADR 151): with the limit in their own
  // statement, the planner took the first 10,001 to lie spread through the table and read the word's rows from the
  // oldest page on, or the whole table, when a period's rows lie together at its end (a network's 30 days: 300 ms).
  const kept = deep
    ? sql`k (at, id) as materialized (${matches.orderBy(...orderBy).limit(TOTAL_COUNT_LIMIT + 1)})`
    : sql`m (at, id) as materialized (${matches}), k as materialized (select at, id from m limit ${TOTAL_COUNT_LIMIT + 1})`;
  // Unordered, the matches are a page's only when they are all of them.
  const complete = deep ? sql`true` : sql`(select count(*) from k) <= ${TOTAL_COUNT_LIMIT}`;
  const [row] = await executeRows<{ n: number; ids: string[] | null }>(
    db,
    sql`with ${kept}
      select (select count(*)::int from k) as n,
        case when ${complete} then coalesce((select json_agg(p.id) from (select k.id from k
          order by k.at ${direction}, k.id ${direction} offset ${offset} limit ${limit}) p), '[]') end as ids`,
  );
  return { n: Number(row?.n ?? 0), ids: row?.ids ?? null };
}

/**
 * The event filter and the date filter; the date is compared with the EVENT's date (SPEC §2). The date names
 * the day's events first (at most some tens, by eventos_data_evento_idx) and the rows are read by their event
 * (issue 21): compared on the joined event row, the planner walked the franqueador's whole list newest first
 * looking for them (80 s cold, ~1 s warm, for a date whose rows are old).
 */
export function eventFilters(filter: FunnelFilter, eventoIdColumn: AnyPgColumn): SQL | undefined {
  return and(
    filter.eventoId ? eq(eventoIdColumn, filter.eventoId) : undefined,
    filter.data
      ? sql`${eventoIdColumn} = any(array(select ${eventos.id} from ${eventos} where ${eventos.dataEvento} = ${filter.data}))`
      : undefined,
  );
}
