import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Listen } from './notifications';
import type { PoolStats } from '../lib/metrics';
import * as schema from './schema';

/**
 * What both drivers share. PostgreSQL is opened in postgres.ts, the embedded PGlite in pglite.ts (its data
 * directory's lock in data-dir-lock.ts, its backups in backup.ts).
 */
type Schema = typeof schema;
/** One type for both drivers: the app never knows which database it talks to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run several of them in one transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (the session cache hears of ended sessions through it). */
  listen: Listen;
  /** The connection pool's figures (PostgreSQL); PGlite has one embedded connection and none. */
  pool?: PoolStats;
  close(): Promise<void>;
}

export const drizzleOptions = { schema, casing: 'snake_case' as const };

/** Beside this file in the source tree; copied beside the bundle by the build. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * An instant a statement writes or compares: a Date, sent as its ISO 8601 text, or SQL that gives that text -- a
 * column of the rows of a batch written in one statement (ADR 045).
 */
export type Instante = Date | SQL;

/** The instant's ISO 8601 text, as SQL. */
export const instanteTexto = (t: Instante): SQL => (t instanceof Date ? sql`${t.toISOString()}::text` : sql`(${t})`);

/** The instant as a timestamptz, as SQL. */
export const instante = (t: Instante): SQL =>
  t instanceof Date ? sql`${t.toISOString()}::timestamptz` : sql`(${t})::timestamptz`;

/** The rows of a raw statement: both drivers (pg and PGlite) answer `{ rows }`. */
export async function executeRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs `work` in a transaction whose queries PostgreSQL plans without parallel workers. A report aggregates
 * tens of thousands of rows: alone, two workers save a few milliseconds; with eight such requests at once on a
 * small machine, starting and feeding the workers cost more than they save (ADR 021, BENCHMARKS.md). PGlite has
 * no workers; the setting is harmless there.
 */
export function withoutParallelWorkers<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  });
}
