import { Column, and, eq, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type ListSortValue,
  NETWORK_ORDEM_PADRAO,
  type NetworkSortKey,
  TOTAL_COUNT_LIMIT,
} from '../../shared/schemas/list-query';
import { type ListCursor, ordemDe } from '../../shared/schemas/list-cursor';
import type { Executor } from '../db/connect';
import { cappedTotal } from './pagination';
import {
  type CursorQuery,
  type KeysetKey,
  type KeysetWindow,
  type KeysetOrder,
  type PageCursors,
  cursorKeysAfterSort,
  keysetPage,
  keysetWindow,
  pageStart,
} from './keyset';

/** A list's select, filtered and ordered, still open for its page window. */
interface PageableSelect<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/** What a list's select is given: the page's condition, its order, and the cursor keys to select beside each row. */
export interface PageRead {
  /** The caller's scope and the list's filters, and the rows past the cursor when a cursor names the page. */
  where: SQL | undefined;
  orderBy: SQL[];
  /** Each row's sort key values (`cursorChaves`), from which the answer's cursors are written. */
  cursorChaves: SQL<(string | null)[]>;
}

export interface ListPageSpec<Row extends { cursorChaves: (string | null)[] }> {
  /** The table counted: the count needs none of the select's joins. */
  table: PgTable;
  /** The caller's scope (access/scope.ts), then the list's filters; undefined ones are left out. */
  where: (SQL | undefined)[];
  /** The list's order (its keys, the id last): the page's ORDER BY and its cursors' keys (issue 46). */
  order: KeysetOrder;
  select: (read: PageRead) => PageableSelect<Row>;
}

/**
 * One page of a scoped list and the number of rows matching it (DESIGN §4.3), both in SQL and at once: the
 * body every network list's repository shares. The page is the one of its number, or the one after or before a
 * cursor (issue 46: `apos`/`antes`, read from the cursor's key, so a deep page costs what the first does); the
 * answer names the cursors of the pages beside it. The count is the filters', wherever the cursor stands, up to the
 * lists' limit as every list's (issue 21; ADR 160: a network's 40,000 visits were counted to the last).
 */
export async function listPage<Row extends { cursorChaves: (string | null)[] }>(
  db: Executor,
  spec: ListPageSpec<Row>,
  query: CursorQuery,
): Promise<{ rows: Omit<Row, 'cursorChaves'>[]; total: number; exact: boolean; cursors: PageCursors }> {
  const where = and(...spec.where);
  const window = keysetWindow(spec.order, query);
  // A page by number past the first starts at its first row's key, found on the order's index alone (ADR 163): with
  // OFFSET, every row skipped was read whole, joins included (a network's 200th page of visits: 34 ms). Only an
  // order of plain columns: one sorted by an expression would compute it for every row twice.
  const start = spec.order.keys.every((key) => is(key.expr, Column))
    ? pageStart(spec.table, where, spec.order, window)
    : undefined;
  const [read, contagem] = await Promise.all([
    spec
      .select({
        where: and(where, window.past, start),
        orderBy: window.orderBy,
        cursorChaves: cursorKeysAfterSort(spec.order.keys),
      })
      .limit(window.limit)
      .offset(start ? 0 : window.offset),
    countUpToLimit(db, spec.table, where),
  ]);
  const { rows, cursors } = keysetPage(spec.order, query, read);
  return { rows, ...contagem, cursors };
}

/**
 * How many rows of `table` match `where`, counted up to the lists' limit (issue 21): `exact` false when more match,
 * and the screens say 'mais de 10.000'. A count past the limit would read every row of a network's big table.
 */
export async function countUpToLimit(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; exact: boolean }> {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(matchingUpToLimit(db, table, where).as('matching'));
  return cappedTotal(Number(counted?.total ?? 0), TOTAL_COUNT_LIMIT);
}

/** The rows `where` names, one past the lists' limit at most: what both counts count. */
function matchingUpToLimit(db: Executor, table: PgTable, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(TOTAL_COUNT_LIMIT + 1);
}

/**
 * `countUpToLimit`'s count as an expression, for a page's statement to select beside its rows (`contagem`, ADR 173):
 * one statement for the page and its count instead of two. PostgreSQL reads it once (an InitPlan), whatever the
 * page's number of rows. Parcelas' page carries it; on the other lists it was measured inside the noise.
 */
export function countedUpToLimit(db: Executor, table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (${matchingUpToLimit(db, table, where)}) as matching)`;
}

/** Whether a window reads a list's first page: no cursor and no offset, so an empty page means nothing matches. */
export const isFirstPage = (window: Pick<KeysetWindow, 'offset' | 'byCursor'>) =>
  window.offset === 0 && !window.byCursor;

/**
 * A page read with its count (`countedUpToLimit` selected as `contagem`): the rows without it, and the count as a
 * list answers it. Every row carries the same count; an empty first page counts none; an empty page past the first
 * (a cursor or a number past the last row) is counted apart by `recount`, as it was before the count rode along.
 */
export async function countOfPage<R extends { contagem: number | string }>(
  read: R[],
  firstPage: boolean,
  recount: () => Promise<{ total: number; exact: boolean }>,
): Promise<{ rows: Omit<R, 'contagem'>[]; total: number; exact: boolean }> {
  const rows = read.map(({ contagem: _count, ...row }) => row);
  if (read[0]) return { rows, ...cappedTotal(Number(read[0].contagem), TOTAL_COUNT_LIMIT) };
  return { rows, ...(firstPage ? { total: 0, exact: true } : await recount()) };
}

/** The 'Ativos'/'Inativos' filter: no condition when the status is not asked for. */
export function statusIs(column: AnyPgColumn, isActive: boolean | undefined): SQL | undefined {
  return isActive === undefined ? undefined : eq(column, isActive);
}

/** The query of a list with a search box and the status filter (franquias, micro-franquias, clientes). */
export interface StatusListFilter {
  q?: string;
  isActive?: boolean;
  sort?: ListSortValue<NetworkSortKey>;
  page: number;
  pageSize: number;
  /** The page after or before a row (issue 46). */
  apos?: ListCursor;
  antes?: ListCursor;
}

/**
 * A network list's order (issue 23) as its keys (issue 46): its own (`fallback`, newest first) without a sort; by
 * name, ignoring case and accents ('Ângela' beside 'Andre'); or by status, Ativo first when ascending, then by name.
 * The id breaks ties, so pages never share or skip a row, and a cursor names one row.
 */
export function networkOrder(
  lista: string,
  sort: ListSortValue<NetworkSortKey> | undefined,
  columns: {
    nome: AnyPgColumn | SQL;
    isActive: AnyPgColumn | SQL;
    id: AnyPgColumn;
    nomeNullable?: boolean;
    /**
     * The same key stored on the row, where the table keeps it (clientes.nome_ordem, ADR 164): its index holds the
     * order, and a deep page starts on it (`pageStart`). Its value is the expression's, so a cursor reads either.
     * Or an expression of stored keys (Usuários: users.nome_ordem, an aluno's from its network's links, ADR 167).
     */
    nomeOrdem?: AnyPgColumn | SQL;
  },
  fallback: readonly KeysetKey[],
): KeysetOrder {
  const ordem = ordemDe(sort, NETWORK_ORDEM_PADRAO);
  const id = (desc: boolean): KeysetKey => ({ expr: columns.id, type: 'uuid', desc });
  const nome = (desc: boolean): KeysetKey => ({
    expr: columns.nomeOrdem ?? sql`lower(f_unaccent(${columns.nome}))`,
    type: 'text',
    desc,
    nullable: Boolean(columns.nomeNullable),
  });
  if (!sort) return { lista, ordem, keys: fallback };
  const descending = sort.direction === 'desc';
  if (sort.key === 'nome') return { lista, ordem, keys: [nome(descending), id(descending)] };
  // Ascending: active ones first (true sorts after false, so the flag is turned around).
  return {
    lista,
    ordem,
    keys: [{ expr: sql`(not ${columns.isActive})`, type: 'boolean', desc: descending }, nome(false), id(false)],
  };
}
