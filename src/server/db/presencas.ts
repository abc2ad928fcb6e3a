import { sql } from 'drizzle-orm';
import { type Database, type Executor, executeRows } from './connect';

/** How many pending presences one step of a fold takes (migration 0027). */
const LOTE = 1000;

/**
 * Folds the presences checked in since the last fold into the funnel's counters (migration 0027, ADR 042), in
 * steps of LOTE until none is left: the job worker does it on every round, and whoever reads the counters'
 * presences (Relatórios) first, so they count every check-in already answered. Answers how many it took; nothing
 * to fold costs one empty DELETE.
 */
export async function foldPresencas(db: Executor): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await executeRows<{ n: number }>(db, sql`select funnel_presencas_fold(${LOTE}) as n`);
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < LOTE) return total;
  }
}

/**
 * The worker's round (ADR 042): folds, then, when it took any, vacuums the table at once. Its rows live a second;
 * left to autovacuum (a visit a minute) the dead ones pile up in its index, and every check-in's count of its
 * event's pending presences would step over a minute of them. Not inside a transaction (VACUUM cannot be).
 */
export async function foldPresencasRound(db: Database): Promise<number> {
  const n = await foldPresencas(db);
  if (n > 0) await db.execute(sql`vacuum presencas_pendentes`);
  return n;
}
