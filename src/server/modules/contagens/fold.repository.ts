import { sql } from 'drizzle-orm';
import { type Database, type Executor, executeRows, fixedStatement, isReadOnly } from '../../db/connect';

/** How many pending rows one step of a fold takes (migrations 0027, 0028). */
const LOTE = 1000;
/** A second of sign-ups at the benchmark's rate fills about ten pages; past this, a burst has grown the table. */
const MAX_PAGES = 64;

/**
 * Folds the sign-ups and presences written since the last fold into the counters (migrations 0027 and 0028, ADRs
 * 042 and 043), in steps of LOTE until none is left: the job worker does it on every round, and Relatórios first,
 * so it counts every sign-up and check-in already answered. Answers how many it took; nothing to fold costs one
 * empty DELETE.
 */
const dobrar = fixedStatement(1, ([lote]) => sql`select funnel_contagens_fold(${lote}) as n`, 'contagens_fold');

export async function foldContagens(db: Executor): Promise<number> {
  // A replica cannot fold (issue 46): its reader counts what the worker's rounds folded on the primary, as replayed.
  if (isReadOnly(db)) return 0;
  let total = 0;
  for (;;) {
    const [row] = await executeRows<{ n: number }>(db, dobrar([LOTE]));
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < LOTE) return total;
  }
}

/**
 * The worker's round (ADR 042): folds, then, when it took any, vacuums the table at once. Its rows live a second;
 * left to autovacuum (a visit a minute) the dead ones pile up, and every count that adds the pending rows (a
 * check-in's of its event's presences, a list's total of its leads) would step over a minute of them. Not inside a
 * transaction (VACUUM cannot be).
 */
export async function foldContagensRound(db: Database): Promise<number> {
  const n = await foldContagens(db);
  if (n === 0) return 0;
  await db.execute(sql`vacuum contagens_pendentes`);
  // The vacuum keeps the emptied pages (vacuum_truncate = false), to be filled again without a lock; but a burst
  // that grew the table would leave every reader of the pending rows scanning its empty pages from then on. Past
  // MAX_PAGES they are given back: the truncation's lock waits for no writer and yields to any (PostgreSQL stops
  // truncating as soon as one waits), and happens only after a burst.
  const [size] = await executeRows<{ pages: number }>(
    db,
    sql`select (pg_relation_size('contagens_pendentes') / current_setting('block_size')::int)::int as pages`,
  );
  if (Number(size?.pages ?? 0) > MAX_PAGES) await db.execute(sql`vacuum (truncate true) contagens_pendentes`);
  return n;
}
