import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './notifications';
import * as schema from './schema';
import { makePrivate } from './private-files';
import { statementName } from './statement-name';

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
  /** The embedded database only: writes a consistent backup to `file` while serving (see db/backup.ts). */
  backup?(file: string): Promise<number>;
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: 'snake_case' as const };

/** Beside this file in the source tree; copied beside the bundle by the build. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * A node-postgres client that names every parameterised statement after its text, so each pooled connection
 * parses and plans a query once and then reuses it (PostgreSQL switches to a generic plan when it costs no
 * more) instead of planning it again on every request. The queries are the app's own, a bounded set.
 */
class PreparingClient extends pg.Client {}
const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(PreparingClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  config: unknown,
  values?: unknown,
  ...rest: unknown[]
) {
  if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
    return plainQuery.call(this, { text: config, name: statementName(config) }, values, ...rest);
  }
  // Plain query configs only: a submittable (a cursor, a stream) keeps its own behaviour.
  const plain = config !== null && typeof config === 'object' && Object.getPrototypeOf(config) === Object.prototype;
  if (plain && 'text' in config && !('name' in config && config.name)) {
    const query = config as { text: string; values?: unknown[] };
    const params = Array.isArray(values) ? values : query.values;
    if (Array.isArray(params) && params.length > 0) {
      return plainQuery.call(this, { ...query, name: statementName(query.text) }, values, ...rest);
    }
  }
  return plainQuery.call(this, config, values, ...rest);
};

export async function connectPostgres(url: string, poolMax = 20): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax, Client: PreparingClient });
  // An idle connection that the server ends (a restart, a failover, an admin's terminate) is dropped from the
  // pool and the next query opens a new one; without a listener, node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, drizzleOptions) as unknown as Database;
  return { db, kind: 'postgres', listen: postgresListen(url), close: () => pool.end() };
}

/** Applies the committed migrations, one instance at a time when several start together. */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, drizzleOptions), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

/**
 * A PGlite instance with the extensions the migrations use (pg_trgm for the lead search). Every embedded database
 * is made here: the server's, the tests' and the scripts'.
 */
export function newPglite(options: PGliteOptions & { dataDir?: string } = {}): PGlite {
  return new PGlite({
    // PostgreSQL's default 128 MB of shared buffers is reserved up front inside the WebAssembly memory; at the
    // embedded database's sizes 32 MB holds the hot pages and keeps the server within its 400 MB (issue 8).
    postgresqlconf: ['shared_buffers = 32MB'],
    ...options,
    extensions: { ...options.extensions, pg_trgm },
  });
}

export async function openPglite(pglite: PGlite, release?: () => void): Promise<DatabaseHandle> {
  await pglite.waitReady;
  const db = drizzlePglite(pglite, drizzleOptions) as unknown as Database;
  await migratePglite(drizzlePglite(pglite, drizzleOptions), { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    listen: pgliteListen(pglite),
    backup: (file) => writePgliteBackup(pglite, file),
    async close() {
      await pglite.close();
      release?.();
    },
  };
}

/**
 * A backup of a live PGlite as a gzipped tar of its data directory, written through a temporary name so a
 * half-written file never passes for a whole one. The dump is read inside a transaction of its own: no other
 * transaction is half-way through meanwhile, and the checkpoint before it keeps the WAL to replay short.
 */
export async function writePgliteBackup(pglite: PGlite, file: string): Promise<number> {
  await pglite.exec('checkpoint');
  const dump = await pglite.transaction(() => pglite.dumpDataDir('gzip'));
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.partial`, bytes, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return bytes.length;
}

/**
 * The embedded database in DATA_DIR/db. PGlite is single-process: a lock file keeps a second server (or a
 * second `npm start`) from opening the same directory and corrupting it.
 */
export async function connectEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const handle = await openPglite(newPglite({ dataDir: dir }), release);
    // PGlite's file system layer writes the files of a new cluster world-readable, whatever the umask.
    makePrivate(dir);
    return handle;
  } catch (error) {
    release();
    throw error;
  }
}

export class DataDirLockedError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${pid}. PGlite is single-process: ` +
            'stop that process, or use another DATA_DIR, or point DATABASE_URL to PostgreSQL.',
        );
      }
      // A stale lock left by a process that died: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
