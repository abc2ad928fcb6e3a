import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListSortValue, NetworkSortKey } from '../../shared/schemas/list-query';
import type { Executor } from '../db/connect';
import { pageWindow } from './pagination';

/** A list's ordered select, still open for its page window. */
interface PageableSelect<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

export interface ListPageSpec<Row> {
  /** The table counted: the count needs none of the select's joins. */
  table: PgTable;
  /** The caller's scope (access/scope.ts), then the list's filters; undefined ones are left out. */
  where: (SQL | undefined)[];
  select: (where: SQL | undefined) => PageableSelect<Row>;
}

/**
 * One page of a scoped list and the number of rows matching it (DESIGN §4.3), both in SQL and at once: the
 * body every list repository shares.
 */
export async function listPage<Row>(
  db: Executor,
  spec: ListPageSpec<Row>,
  page: Pick<ListQuery, 'page' | 'pageSize'>,
): Promise<{ rows: Row[]; total: number }> {
  const where = and(...spec.where);
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await Promise.all([
    spec.select(where).limit(limit).offset(offset),
    db.select({ value: count() }).from(spec.table).where(where),
  ]);
  return { rows, total: Number(total?.value ?? 0) };
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
}

/**
 * A network list's order (issue 23): its own (`fallback`, newest first) without a sort; by name, ignoring case and
 * accents ('Ângela' beside 'Andre'); or by status, Ativo first when ascending, then by name. The id breaks ties,
 * so pages never share or skip a row.
 */
export function networkOrder(
  sort: ListSortValue<NetworkSortKey> | undefined,
  columns: { nome: AnyPgColumn | SQL; isActive: AnyPgColumn | SQL; id: AnyPgColumn },
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback;
  const by = sort.direction === 'desc' ? desc : asc;
  const nome = sql`lower(f_unaccent(${columns.nome}))`;
  if (sort.key === 'nome') return [by(nome), by(columns.id)];
  // Ascending: active ones first (true sorts after false, so the flag is turned around).
  return [by(sql`(not ${columns.isActive})`), asc(nome), asc(columns.id)];
}
