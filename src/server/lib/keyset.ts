import type { FastifyReply } from 'fastify';
import { type SQL, asc, desc, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ListCursor,
  NEXT_CURSOR_HEADER,
  PREV_CURSOR_HEADER,
  encodeListCursor,
} from '../../shared/schemas/list-cursor';

/**
 * Keyset paging (issue 46, shared/schemas/list-cursor.ts): a list's order as its keys, the condition of the rows
 * past a cursor, and the cursors of the page read. A list's repository declares its order once here and reads its
 * ORDER BY from it, so a cursor's condition is always the order the page was sorted by, tie-break on the id
 * included.
 */

/** The SQL type a key's cursor value is cast to. */
export type KeyType = 'timestamptz' | 'date' | 'uuid' | 'text' | 'boolean';

export interface KeysetKey {
  /** The column or expression the list sorts by, as its ORDER BY writes it (`lower(f_unaccent(nome))`). */
  expr: AnyPgColumn | SQL;
  type: KeyType;
  desc?: boolean;
  /** The key may be null: PostgreSQL's own placement (last ascending, first descending) is followed. */
  nullable?: boolean;
}

/** A list's order: its name and the order's name (as in its cursors), and its keys, the id last. */
export interface KeysetOrder {
  lista: string;
  ordem: string;
  keys: readonly KeysetKey[];
}

/** What a query asks: a page by number, or a page after or before a cursor (which then takes the page's place). */
export interface CursorQuery {
  page: number;
  pageSize: number;
  apos?: ListCursor;
  antes?: ListCursor;
}

export interface PageCursors {
  next: string | null;
  prev: string | null;
}

const descending = (key: KeysetKey, reversed: boolean) => Boolean(key.desc) !== reversed;

/** The ORDER BY of the keys; reversed reads the same order backwards (each key's nulls flip with it). */
export function orderByKeys(keys: readonly KeysetKey[], reversed = false): SQL[] {
  return keys.map((key) => (descending(key, reversed) ? desc(key.expr) : asc(key.expr)));
}

const valueOf = (key: KeysetKey, value: string) => sql`${value}::${sql.raw(key.type)}`;

/** The key equal to the cursor's value (a null equals a null here, as the order places them together). */
function equalTo(key: KeysetKey, value: string | null): SQL {
  return value === null ? sql`${key.expr} is null` : sql`${key.expr} = ${valueOf(key, value)}`;
}

/** The key strictly past the cursor's value in its direction; nulls sort above every value (PostgreSQL's rule). */
function pastValue(key: KeysetKey, value: string | null, reversed: boolean): SQL {
  if (descending(key, reversed)) {
    return value === null ? sql`${key.expr} is not null` : sql`${key.expr} < ${valueOf(key, value)}`;
  }
  if (value === null) return sql`false`;
  const above = sql`${key.expr} > ${valueOf(key, value)}`;
  return key.nullable ? sql`(${above} or ${key.expr} is null)` : above;
}

/**
 * The rows after the cursor's row in the order (before it when `reversed`). Keys of one direction and no nulls
 * compare as a row, `(created_at, id) < ($1, $2)`, which the order's index answers as a range; a mixed order spells
 * out the same comparison key by key.
 */
export function pastCursor(keys: readonly KeysetKey[], values: readonly (string | null)[], reversed = false): SQL {
  const first = keys[0];
  const sameDirection = keys.every((key) => descending(key, reversed) === descending(first!, reversed));
  if (sameDirection && keys.every((key) => !key.nullable)) {
    const op = descending(first!, reversed) ? sql`<` : sql`>`;
    return sql`(${sql.join(
      keys.map((key) => sql`${key.expr}`),
      sql`, `,
    )}) ${op} (${sql.join(
      keys.map((key, i) => valueOf(key, values[i]!)),
      sql`, `,
    )})`;
  }
  const branches = keys.map((key, i) =>
    sql.join(
      [...keys.slice(0, i).map((k, j) => equalTo(k, values[j] ?? null)), pastValue(key, values[i] ?? null, reversed)],
      sql` and `,
    ),
  );
  return sql`((${sql.join(branches, sql`) or (`)}))`;
}

/**
 * Each row's key values as PostgreSQL's own text (no microsecond lost on the way), selected beside the row. As a
 * JSON array, which the drivers read with the native JSON.parse: a text[] went through a parser written in
 * JavaScript, character by character, on every row of the page (1.2 ms of a 500-row page in issue 42's profile).
 */
export function cursorKeys(keys: readonly KeysetKey[]): SQL<(string | null)[]> {
  return sql<(string | null)[]>`json_build_array(${sql.join(
    keys.map((key) => sql`(${key.expr})::text`),
    sql`, `,
  )})`;
}

/**
 * The same keys, written after the sort (ADR 162): PostgreSQL evaluates a volatile expression of the select list
 * above the sort, for the rows the limit keeps (`make_sort_input_target`), and `random()` makes the keys one -- the
 * comparison is always true and changes nothing else. A list sorted in memory (the franqueador's Usuários: its order
 * reads each aluno's links, which no index holds) otherwise wrote every candidate's keys as text, 7,500 of them for
 * a page of 50. (Keys the planner prices as expensive, an unaccented name's, it already wrote after the sort.) A list
 * read in its index's order has no sort: its keys are written for its page's rows either way.
 */
export function cursorKeysAfterSort(keys: readonly KeysetKey[]): SQL<(string | null)[]> {
  return sql<(string | null)[]>`case when random() >= 0 then ${cursorKeys(keys)} end`;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * 'Ir para' (issue 46): a cursor that stands just before the first row whose leading key reaches `value` in the
 * order -- below it descending, from it ascending. The id sorts below every real row's, so the row comparison is the
 * leading key's alone. For orders of a moment or a day and the id.
 */
export function jumpCursor(order: KeysetOrder, value: string): ListCursor {
  return { lista: order.lista, ordem: order.ordem, chaves: [value, ...order.keys.slice(1).map(() => NIL_UUID)] };
}

/** How a query reads its page: after or before its cursor (offset 0), or by its page number. */
export interface KeysetWindow {
  /** The rows past the cursor; undefined without one. */
  past: SQL | undefined;
  orderBy: SQL[];
  /** One row more than the page: whether a page follows. */
  limit: number;
  offset: number;
  /** Read backwards (a page before a cursor): the rows are turned around after. */
  reversed: boolean;
  /** A cursor names the page. */
  byCursor: boolean;
}

export function keysetWindow(order: KeysetOrder, query: CursorQuery): KeysetWindow {
  const cursor = query.apos ?? query.antes;
  const reversed = Boolean(query.antes);
  return {
    past: cursor ? pastCursor(order.keys, cursor.chaves, reversed) : undefined,
    orderBy: orderByKeys(order.keys, reversed),
    limit: query.pageSize + 1,
    offset: cursor ? 0 : (query.page - 1) * query.pageSize,
    reversed,
    byCursor: Boolean(cursor),
  };
}

/**
 * Where a page by number past the first starts (issue 21, 46): its first row's key, found on the order's index
 * alone, so that only the page's own rows are read whole. With OFFSET, PostgreSQL computed the whole selection of
 * every row it skipped -- joins and subqueries included -- and threw it away (page 200 of a cliente's parcelas:
 * 174-276 ms). Undefined where OFFSET stays: the first page, a cursor's page (it starts at its key already), and an
 * order whose keys do not compare as one row (mixed directions or nullable keys). Past the last row the subquery
 * finds none, the comparison is null and the page is empty, as OFFSET's was.
 */
export function pageStart(table: PgTable, where: SQL | undefined, order: KeysetOrder, window: KeysetWindow) {
  if (window.offset === 0 || window.byCursor) return undefined;
  const down = descending(order.keys[0]!, window.reversed);
  if (order.keys.some((key) => key.nullable || descending(key, window.reversed) !== down)) return undefined;
  const keys = sql.join(
    order.keys.map((key) => sql`${key.expr}`),
    sql`, `,
  );
  return sql`(${keys}) ${down ? sql`<=` : sql`>=`} (select ${keys} from ${table} where ${where ?? sql`true`}
    order by ${sql.join(window.orderBy, sql`, `)} offset ${window.offset} limit 1)`;
}

/**
 * The page among the rows read by `keysetWindow` (one too many when a page follows, backwards before a cursor),
 * and the cursors of the pages after and before it. A page by number has a previous page past the first one.
 */
export function keysetPage<R extends { cursorChaves: (string | null)[] }>(
  order: KeysetOrder,
  query: CursorQuery,
  read: R[],
  /** Whether any row stands before a page read after a cursor (a jump's page may be the first). */
  { rowsBefore = true }: { rowsBefore?: boolean } = {},
): { rows: Omit<R, 'cursorChaves'>[]; cursors: PageCursors } {
  const more = read.length > query.pageSize;
  const page = read.slice(0, query.pageSize);
  if (query.antes) page.reverse();
  const cursorOf = (row: R | undefined) =>
    row ? encodeListCursor({ lista: order.lista, ordem: order.ordem, chaves: row.cursorChaves }) : null;
  const first = page[0];
  const last = page[page.length - 1];
  const cursors: PageCursors = query.apos
    ? { next: more ? cursorOf(last) : null, prev: rowsBefore ? cursorOf(first) : null }
    : query.antes
      ? { next: cursorOf(last), prev: more ? cursorOf(first) : null }
      : { next: more ? cursorOf(last) : null, prev: query.page > 1 ? cursorOf(first) : null };
  return { rows: page.map(({ cursorChaves: _keys, ...row }) => row), cursors };
}

/** The cursors travel in headers beside X-Total-Count; a page without a neighbour leaves its header out. */
export function setCursors(reply: FastifyReply, cursors: PageCursors): void {
  if (cursors.next) reply.header(NEXT_CURSOR_HEADER, cursors.next);
  if (cursors.prev) reply.header(PREV_CURSOR_HEADER, cursors.prev);
}
