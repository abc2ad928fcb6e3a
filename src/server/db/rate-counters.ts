import { sql } from 'drizzle-orm';
import { type Executor, executeRows } from './connect';
import { rateCounters } from './schema';

/** A counter as it is kept: its count in the window, when it was last raised, when the window ends (ms). */
export interface StoredCount {
  count: number;
  lastAt: number;
  expiresAt: number;
}

/**
 * Writes counters pushed out of memory (migration 0033). A key already here keeps the higher count of a live
 * window (two processes, or a stale copy), a dead one is replaced; the dead rows go at the same time.
 */
export async function spillCounters(
  db: Executor,
  rows: readonly (StoredCount & { key: string })[],
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.key}, ${r.count}::int, ${r.lastAt}::bigint, ${r.expiresAt}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${rateCounters} as t (chave, contagem, ultimo_em, expira_em) values ${values}
    on conflict (chave) do update set
      contagem = case when t.expira_em <= ${now}::bigint then excluded.contagem
                      else greatest(t.contagem, excluded.contagem) end,
      ultimo_em = greatest(t.ultimo_em, excluded.ultimo_em),
      expira_em = case when t.expira_em <= ${now}::bigint then excluded.expira_em
                       else least(t.expira_em, excluded.expira_em) end`);
  await db.execute(sql`delete from ${rateCounters} where expira_em <= ${now}::bigint`);
}

/** A spilled counter whose window is still open, or undefined. */
export async function readSpilledCounter(db: Executor, key: string, now: number): Promise<StoredCount | undefined> {
  const [row] = await executeRows<{ contagem: number; ultimo_em: string; expira_em: string }>(
    db,
    sql`select contagem, ultimo_em, expira_em from ${rateCounters} where chave = ${key} and expira_em > ${now}::bigint`,
  );
  return row && { count: Number(row.contagem), lastAt: Number(row.ultimo_em), expiresAt: Number(row.expira_em) };
}

/** A counter cleared (a good sign-in forgets the account's failures). */
export async function forgetSpilledCounter(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from ${rateCounters} where chave = ${key}`);
}
