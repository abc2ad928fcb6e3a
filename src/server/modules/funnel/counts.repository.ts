import { type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { type FunnelResumo, conversionRate } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf, funnelEventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { eventos } from '../../db/schema';
import { countedTotal } from '../contagens';
import type { FunnelSource } from './source';

/** One row of scalar subqueries (the counters, a few counts) in one round trip. */
export function selectScalars<F extends SelectedFields>(db: Executor, fields: F) {
  return db.select(fields).from(sql`(select 1) as one`);
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
