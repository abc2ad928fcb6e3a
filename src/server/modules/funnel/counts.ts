import { type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { type FunnelResumo, conversionRate } from '../../../shared/schemas/funnel';
import type { Actor } from '../../access/actor';
import { countedScopeOf, funnelEventosVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { contagensPendentes, eventos, scopeCounts } from '../../db/schema';
import type { FunnelSource } from './source';

const COUNTER_COLUMNS = {
  clientes: scopeCounts.clientes,
  leads: scopeCounts.leads,
  preMatriculas: scopeCounts.preMatriculas,
  matriculas: scopeCounts.matriculas,
  eventosAtivos: scopeCounts.eventosAtivos,
  eventos: scopeCounts.eventos,
} as const;

/**
 * A total kept by the triggers (see scope_counts in the schema): exact, and a sum of at most 17 rows however
 * many millions it counts. As a subquery, so several fit in one round trip. Leads add those signed up since the
 * worker's last fold (ADR 043): a second's worth of small rows, none most of the time.
 */
export function countedTotal(scopeId: string, counter: keyof typeof COUNTER_COLUMNS): SQL<number> {
  const kept = sql`(select coalesce(sum(${COUNTER_COLUMNS[counter]}), 0) from ${scopeCounts} where ${scopeCounts.scopeId} = ${scopeId})`;
  if (counter !== 'leads') return sql<number>`${kept}::int`;
  const pending = sql`(select coalesce(sum(${contagensPendentes.dl}), 0) from ${contagensPendentes}
    where ${scopeId}::uuid = any (${contagensPendentes.p}))`;
  return sql<number>`(${kept} + ${pending})::int`;
}

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
