import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type DatabaseHandle, drizzleOptions, MIGRATIONS_FOLDER } from './connect';
import { applyFunctions } from './functions';
import { lockDataDir } from './data-dir-lock';
import { pgliteListen } from './notifications';
import { makePrivate } from './private-files';

/** An embedded database's handle keeps its PGlite, which backup.ts dumps while it serves. */
export interface EmbeddedHandle extends DatabaseHandle {
  kind: 'pglite';
  pglite: PGlite;
}

/**
 * A PGlite instance with the extensions the migrations use (pg_trgm and unaccent for the searches). Every embedded database
 * is made here: the server's, the tests' and the scripts'.
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

export async function openPglite(pglite: PGlite, release?: () => void): Promise<EmbeddedHandle> {
  await pglite.waitReady;
  const db = drizzlePglite(pglite, drizzleOptions) as unknown as Database;
  await migratePglite(drizzlePglite(pglite, drizzleOptions), { migrationsFolder: MIGRATIONS_FOLDER });
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
 * second `npm start`) from opening the same directory and corrupting it.
 */
export async function connectEmbedded(dataDir: string): Promise<EmbeddedHandle> {
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
