import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { contagensPendentes, eventoVagas, funnelMes } from '../../db/schema';

/**
 * An event's presences, correlated with the outer query's `eventos` row: its monthly counters (migration 0015)
 * plus its presences not yet folded into them (0027, ADR 042). No index of leads reads presente_em, so a
 * check-in updates its lead in place (migration 0025) and the count is read here. The column is named in full:
 * drizzle leaves the table out of a one-table select's columns.
 */
export const eventoPresentes = sql<number>`((select coalesce(sum(f.presencas), 0) from ${funnelMes} f where f.evento_id = eventos.id)
    + (select coalesce(sum(p.dx), 0) from ${contagensPendentes} p where p.evento_id = eventos.id))::int`;

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
