import { inArray, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import { contagensPendentes, eventoVagas, funnelMes } from '../../db/schema';

/**
 * An event's presences, correlated with the outer query's `eventos` row: its monthly counters (migration 0015)
 * plus its presences not yet folded into them (0027, ADR 042). No index of leads reads presente_em, so a
 * check-in updates its lead in place (migration 0025) and the count is read here. The column is named in full:
 * drizzle leaves the table out of a one-table select's columns.
 */
export const eventoPresentes = sql<number>`((select coalesce(sum(f.presencas), 0) from ${funnelMes} f where f.evento_id = eventos.id)
    + (select coalesce(sum(p.dx), 0) from ${contagensPendentes} p where p.evento_id = eventos.id))::int`;

/**
 * The presences of several events (`eventoPresentes` for each), in one read of each table: a page of 500 events
 * probed each event's counters on its own, a bitmap scan an event (about 5 ms a page); here one scan of the same
 * index takes all of them. An event without a row is absent (its presences are 0).
 */
export async function presentesDe(db: Executor, eventoIds: string[]): Promise<Map<string, number>> {
  const presentes = new Map<string, number>();
  if (eventoIds.length === 0) return presentes;
  const ids = sql`${sql.param(eventoIds)}::uuid[]`;
  const rows = await executeRows<{ eventoId: string; n: number }>(
    db,
    sql`select x.evento_id as "eventoId", sum(x.n)::int as n from (
      select f.evento_id, f.presencas as n from ${funnelMes} f where f.evento_id = any(${ids})
      union all select p.evento_id, p.dx from ${contagensPendentes} p where p.evento_id = any(${ids})) x
    group by x.evento_id`,
  );
  for (const { eventoId, n } of rows) presentes.set(eventoId, Number(n));
  return presentes;
}

/** The seated families of events with seats, as `evento_vagas` counts them (migration 0030, ADR 045). */
export async function seatsTaken(db: Executor, eventoIds: string[]): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  if (eventoIds.length === 0) return taken;
  const counted = await db
    .select({ eventoId: eventoVagas.eventoId, n: eventoVagas.sentados })
    .from(eventoVagas)
    .where(inArray(eventoVagas.eventoId, eventoIds));
  for (const { eventoId, n } of counted) taken.set(eventoId, n);
  return taken;
}
