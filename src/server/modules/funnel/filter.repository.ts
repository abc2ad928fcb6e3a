import { sql } from 'drizzle-orm';
import type { DrillFilter } from '../../../shared/schemas/relatorios';
import type { Actor } from '../../access/actor';
import { type FunnelTable, type PathNodes, nodesImpliedByScope, placeEventIdsOf } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { selectScalars } from './counts.repository';
import { type ResolvedFilter, placeCondition } from './drill';

/**
 * The list's filter without the nodes at or above the caller's own that every one of its rows lies under (issue 46,
 * `nodesImpliedByScope`): they filter nothing, and left in they made the list test each row of the scope for them.
 * One round trip, only when the filter names a node above the caller's own; a node that does filter is kept.
 */
export async function withoutImpliedNodes<F extends PathNodes>(db: Executor, actor: Actor, filter: F): Promise<F> {
  const checks = nodesImpliedByScope(actor, filter);
  if (checks.length === 0) return filter;
  const toRead = checks.flatMap((c) => (typeof c.implied === 'boolean' ? [] : [[c.level, sql<boolean>`${c.implied}`]]));
  const [read] = toRead.length > 0 ? await selectScalars(db, Object.fromEntries(toRead)) : [];
  const kept = { ...filter };
  for (const { level, implied } of checks) {
    if (implied === true || read?.[level] === true) delete kept[level];
  }
  return kept;
}

/**
 * A funnel list's filter, resolved before its statements are written (issue 46): without the nodes that filter
 * nothing (`withoutImpliedNodes`, ADR 129), and, for a search in a place, with the place's events read first (ADR
 * 130). As one array parameter their number is known to the planner, which then intersects the events' index with
 * the search's trigram index and reads only the rows in both; as a subquery's array it guessed ten events, read every
 * row of the place and tested the search on each (a franqueador's Belém: 37,186 rows, 250 ms).
 */
export async function resolveFilter<F extends DrillFilter & { q?: string }>(
  db: Executor,
  actor: Actor,
  table: FunnelTable,
  filter: F,
): Promise<ResolvedFilter<F>> {
  const kept = await withoutImpliedNodes(db, actor, filter);
  const place = placeCondition(kept);
  const read = place && kept.q ? placeEventIdsOf(actor, table, place) : null;
  if (!read) return kept;
  const [row] = await executeRows<{ ids: string[] }>(db, read);
  return { ...kept, eventosDoLugar: row?.ids ?? [] };
}
