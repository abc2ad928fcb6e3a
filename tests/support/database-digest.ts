import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/connect';

/** The rows of a raw query, on either driver. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every public table's row count and a hash of its rows, by table name (tables in `except` left out). Two equal
 * digests mean nothing was written in between; the keys that differ name the tables that were.
 */
export async function tableDigests(db: Database, except: readonly string[] = []): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const [row] = await queryRows<{ n: number; h: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
        from ${sql.identifier(name)} t`,
    );
    result[name] = `${row!.n}:${row!.h}`;
  }
  return result;
}
