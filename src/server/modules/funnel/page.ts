import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FunnelFilter, FunnelListQuery } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { clientes, eventos } from '../../db/schema';
import { pageWindow } from '../../lib/pagination';
import { countedTotal, selectScalars } from './counts';
import { hasDrillFilter } from './drill';
import { newestFirst } from './keyset';
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
}

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
  options: ListOptions = {},
) {
  const { limit, offset } = pageWindow(query);
  const scopeId = isUnfiltered(query) && !options.filtered ? countedScopeOf(actor, source.counter) : null;
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
  if (options.total) {
    const [rows, total] = await Promise.all([page(selection) as unknown as Promise<FunnelRow<S>[]>, options.total()]);
    return { items: withClienteFor(actor, rows), total };
  }
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
