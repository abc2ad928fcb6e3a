import { type SQL, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../../shared/schemas/acompanhamento';
import { contagensPendentes, leadStatusCounts, scopeCounts } from '../../db/schema';

const COUNTER_COLUMNS = {
  clientes: scopeCounts.clientes,
  leads: scopeCounts.leads,
  preMatriculas: scopeCounts.preMatriculas,
  matriculas: scopeCounts.matriculas,
  eventosAtivos: scopeCounts.eventosAtivos,
  eventos: scopeCounts.eventos,
} as const;

/** A total `scope_counts` keeps per tree node: the funnel's three tables, clientes, events and active events. */
export type Counter = keyof typeof COUNTER_COLUMNS;

/**
 * A total kept by the triggers (see scope_counts in the schema): exact, and a sum of at most 17 rows however
 * many millions it counts. As a subquery, so several fit in one round trip. Leads add those signed up since the
 * worker's last fold (ADR 043): a second's worth of small rows, none most of the time.
 */
export function countedTotal(scopeId: string, counter: Counter): SQL<number> {
  const kept = sql`(select coalesce(sum(${COUNTER_COLUMNS[counter]}), 0) from ${scopeCounts} where ${scopeCounts.scopeId} = ${scopeId})`;
  if (counter !== 'leads') return sql<number>`${kept}::int`;
  const pending = sql`(select coalesce(sum(${contagensPendentes.dl}), 0) from ${contagensPendentes}
    where ${scopeId}::uuid = any (${contagensPendentes.p}))`;
  return sql<number>`(${kept} + ${pending})::int`;
}

/**
 * The number of a scope node's leads in a status, from the counters (migration 0009): the leads past 'novo' are
 * counted per status by triggers; 'novo' is the node's leads (kept plus pending) less all of those.
 */
export function countedStatusTotal(scopeId: string, status: LeadStatus): SQL<number> {
  const past = (only?: LeadStatus) =>
    sql`(select coalesce(sum(${leadStatusCounts.n}), 0) from ${leadStatusCounts}
      where ${leadStatusCounts.scopeId} = ${scopeId}${only ? sql` and ${leadStatusCounts.status} = ${only}` : sql``})`;
  if (status !== 'novo') return sql<number>`${past(status)}::int`;
  return sql<number>`(${countedTotal(scopeId, 'leads')} - ${past()})::int`;
}
