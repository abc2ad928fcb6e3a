import { fileURLToPath } from 'node:url';
import { type ExtractTablesWithRelations, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Listen } from './notifications';
import type { PoolStats } from '../lib/metrics';
import * as schema from './schema';
import { PLANEJADA_A_CADA_CHAMADA, declararNome } from './statement-name';

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
  /** A PostgreSQL streaming replica of this database (DATABASE_REPLICA_URL, issue 46). */
  replica?: ReplicaHandle;
  close(): Promise<void>;
}

const readOnly = new WeakSet<Executor>();

/** Marks a database that refuses writes: a streaming replica (issue 46). */
export function markReadOnly(db: Database): Database {
  readOnly.add(db);
  return db;
}

/**
 * Whether `db` is a replica: what writes on the way to a read (the counters' fold before Relatórios) skips it, and
 * reads what the primary has written and the replica replayed.
 */
export function isReadOnly(db: Executor): boolean {
  return readOnly.has(db);
}

/**
 * A streaming replica, opened beside its primary (postgres.ts). Which reads it serves is db/replica.ts's call.
 */
export interface ReplicaHandle {
  db: Database;
  pool: PoolStats;
  /**
   * The primary's WAL position, then the position the replica has replayed up to (null: it is not in recovery --
   * promoted, or not a replica at all), as byte offsets. Rejects when either does not answer in time.
   */
  positions(timeoutMs: number): Promise<{ primary: bigint; replica: bigint | null }>;
  /** Told when a connection to the replica could not be opened (the query it was for ran on the primary). */
  onConnectFailure(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export const drizzleOptions = { schema, casing: 'snake_case' as const };

/** Beside this file in the source tree; copied beside the bundle by the build. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * A statement whose text never changes, compiled once: `build` writes it with one SQL value for each of `count`
 * parameters, and each call gives their values. The statement of a batch of sign-ups (ADR 045), a few hundred
 * pieces, otherwise costs about a tenth of a millisecond to compile on every call. `nome`: a hot statement's name,
 * under which PostgreSQL connections prepare it (`preparedName`, issue 41).
 *
 * It builds drizzle's SQL from its chunks (`StringChunk`, `Param`, `Placeholder`): drizzle's internals, which
 * db/library-internals.test.ts holds to what this relies on.
 */
export function fixedStatement(
  count: number,
  build: (values: SQL[]) => SQL,
  nome?: string,
): (values: unknown[]) => SQL {
  let compiled: { pieces: string[]; params: unknown[] } | undefined;
  const compile = () => {
    const marks = Array.from({ length: count }, (_, i) => sql`${sql.placeholder(String(i))}`);
    const query = new PgDialect({ casing: drizzleOptions.casing }).sqlToQuery(build(marks));
    // Text and parameter numbers alternate; the numbers must run 1, 2, 3…, or a `$n` was part of the text.
    const pieces = query.sql.split(/\$(\d+)/);
    const numbers = pieces.filter((_, k) => k % 2 === 1).map(Number);
    if (numbers.length !== query.params.length || numbers.some((n, k) => n !== k + 1)) {
      throw new Error('fixedStatement: a parameter mark is ambiguous in the statement text');
    }
    if (nome) declararNome(nome, query.sql);
    return { pieces, params: query.params };
  };
  return (values) => {
    compiled ??= compile();
    const { pieces, params } = compiled;
    const chunks: unknown[] = [new StringChunk(pieces[0]!)];
    for (let k = 1; k < pieces.length; k += 2) {
      const param = params[(k - 1) / 2];
      chunks.push(new Param(param instanceof Placeholder ? values[Number(param.name)] : param));
      chunks.push(new StringChunk(pieces[k + 1]!));
    }
    return new SQL(chunks as SQL['queryChunks']);
  };
}

/**
 * A statement PostgreSQL plans for its own values at every call, never prepared once for all (`keepsPlan`): a
 * report's aggregation over a period and a node, whose best plan depends on both. Planning it costs about a
 * millisecond; a generic plan cost Relatórios by estado over a year two to three times its own (ADR 144).
 */
export const planejadaACadaChamada = (query: SQL): SQL => sql`${sql.raw(PLANEJADA_A_CADA_CHAMADA)}${query}`;

/**
 * Runs a raw statement and answers its rows, typed: the one place that reads a raw result's rows (issue 41, ADR
 * 070's addendum). Both drivers, pg and PGlite, answer `{ rows }`.
 */
export async function executeRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * Runs `work` in a transaction whose queries PostgreSQL plans without parallel workers. A report aggregates
 * tens of thousands of rows: alone, two workers save a few milliseconds; with eight such requests at once on a
 * small machine, starting and feeding the workers cost more than they save (ADR 021 and its Measurements). PGlite has
 * no workers; the setting is harmless there.
 */
export function withoutParallelWorkers<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  });
}

/**
 * The same for ONE statement, in its own round trip (issue 48): a condition to put in its outermost WHERE. The
 * statement then calls `set_config`, which PostgreSQL marks PARALLEL UNSAFE, and a statement that calls such a
 * function is never given a parallel plan ("When Can Parallel Query Be Used?" in PostgreSQL's manual). The call is
 * an uncorrelated subquery, run once, whose setting lasts as long as the statement's own transaction; its value is
 * never null, so the condition keeps every row. `withoutParallelWorkers` costs three more round trips (BEGIN, SET,
 * COMMIT) -- a tenth of a report's CPU at 8 connections.
 */
export const semWorkersParalelos = sql`(select set_config('max_parallel_workers_per_gather', '0', true)) is not null`;
