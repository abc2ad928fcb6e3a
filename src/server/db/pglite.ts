import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite, PglitePreparedQuery } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type DatabaseHandle, drizzleOptions, executeRows, MIGRATIONS_FOLDER } from './connect';
import { applyFunctions } from './functions';
import { lockDataDir } from './data-dir-lock';
import { pgliteListen } from './notifications';
import { makePrivate } from './private-files';
import { mapeiaLinhasPorConsulta } from './row-mapper';
import { baseFolder, baseKey, defaultCacheDir, seedFromBase } from './pglite-base';

// A select's rows mapped with what does not change from row to row worked out once (db/row-mapper.ts, ADR 112).
mapeiaLinhasPorConsulta(PglitePreparedQuery.prototype);

/** An embedded database's handle keeps its PGlite, which backup.ts dumps while it serves. */
export interface EmbeddedHandle extends DatabaseHandle {
  kind: 'pglite';
  pglite: PGlite;
}

/**
 * A PGlite instance with the extensions the migrations use (pg_trgm and unaccent for the searches). Every embedded
 * database is made here: the server's, the tests' and the scripts'.
 */
export function newPglite(options: PGliteOptions & { dataDir?: string } = {}): PGlite {
  return new PGlite({
    // PostgreSQL's default 128 MB of shared buffers is reserved up front inside the WebAssembly memory; at the
    // embedded database's sizes 32 MB holds the hot pages and keeps the server within its 400 MB (issue 8).
    postgresqlconf: ['shared_buffers = 32MB'],
    ...options,
    extensions: { ...options.extensions, pg_trgm, unaccent },
  });
}

export async function openPglite(
  pglite: PGlite,
  release?: () => void,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<EmbeddedHandle> {
  await pglite.waitReady;
  const db = drizzlePglite(pglite, drizzleOptions) as unknown as Database;
  await migratePglite(drizzlePglite(pglite, drizzleOptions), { migrationsFolder });
  await applyFunctions({
    rows: (text) => pglite.query(text),
    script: (statements) => pglite.transaction((tx) => tx.exec(statements.join('\n'))),
  });
  return {
    db,
    kind: 'pglite',
    pglite,
    listen: pgliteListen(pglite),
    async close() {
      await pglite.close();
      release?.();
    },
  };
}

/**
 * The embedded database in DATA_DIR/db. PGlite is single-process: a lock file keeps a second server (or a
 * second `npm start`) from opening the same directory and corrupting it. A new one starts as a copy of the
 * prepared cluster when the install made one for today's migrations (pglite-base.ts, ADR 100); `seeded` says so.
 */
export async function connectEmbedded(
  dataDir: string,
  cacheDir = defaultCacheDir(),
): Promise<EmbeddedHandle & { seeded: boolean }> {
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const seeded = seedFromBase(dir, cacheDir);
    const handle = await openPglite(newPglite({ dataDir: dir }), release);
    // PGlite's file system layer writes the files of a new cluster world-readable, whatever the umask.
    makePrivate(dir);
    return { ...handle, seeded };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Makes the prepared cluster for today's migrations unless it is there; removes the ones of older keys. Answers
 * whether one was made. The cluster is built in a folder of its own and renamed into place when closed, so a
 * start never copies half of one.
 */
export async function prepareBase(cacheDir = defaultCacheDir(), folder = MIGRATIONS_FOLDER): Promise<boolean> {
  const key = baseKey(folder);
  const target = baseFolder(cacheDir, key);
  if (existsSync(target)) return false;
  mkdirSync(cacheDir, { recursive: true });
  const building = join(cacheDir, `.building-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  try {
    const handle = await openPglite(newPglite({ dataDir: building }), undefined, folder);
    await handle.close();
    try {
      renameSync(building, target);
    } catch (error) {
      // Another install made the same one first: its copy serves.
      if (!existsSync(join(target, 'PG_VERSION'))) throw error;
      return false;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  for (const name of readdirSync(cacheDir)) {
    if (name.startsWith('pglite-base-') && name !== `pglite-base-${key}`) {
      rmSync(join(cacheDir, name), { recursive: true, force: true });
    }
  }
  return true;
}

/**
 * PGlite has no autovacuum to keep the planner's statistics fresh, and a stale plan turns a large export from
 * seconds into a minute: the server analyzes at start the tables that were never analyzed or whose size moved
 * from what their last analysis recorded (`pg_class.relpages`) by more than a tenth -- autovacuum's own analyze
 * threshold, read from the files' sizes, since PGlite keeps no activity counters across restarts. A start after a
 * day of sign-ups analyzes the few tables that grew; a start after a bulk load, all of them; a restart, none (a
 * whole `analyze` took 0.8-1.1 s of each start of the demo database, most of it reading cold pages). Answers the
 * tables analyzed.
 */
export async function analyzeWhatGrew(db: Database): Promise<string[]> {
  const rows = await executeRows<{ tabela: string }>(
    db,
    sql`
    select format('%I', c.relname) as tabela
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and (c.reltuples < 0
        or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10)
    order by 1`,
  );
  const tabelas = rows.map((r) => r.tabela);
  if (tabelas.length > 0) await db.execute(sql.raw(`analyze ${tabelas.join(', ')}`));
  return tabelas;
}
