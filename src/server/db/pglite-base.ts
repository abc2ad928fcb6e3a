import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { MIGRATIONS_FOLDER } from './connect';

/**
 * The prepared cluster (issue 40, ADR 100): an embedded database with every migration applied and nothing else,
 * made once at `npm install` (`scripts/prepare-database.mjs`, `prepareBase` in pglite.ts) and copied into a new
 * DATA_DIR at its first start.
 * PostgreSQL's initdb in WebAssembly and the migrations took 3-6 s of a newcomer's first `npm start`, beside the
 * client's build; copying the folder takes a tenth of a second.
 *
 * The folder's name carries a key of everything that shapes it -- PGlite's version and every migration file, name
 * and content -- so a migration added, changed or removed after the install makes the key miss, and the start
 * builds the cluster as it always did. The copy is a shortcut, never a source of truth: with no prepared cluster,
 * or a stale one, nothing changes but the time.
 */

/** The installed PGlite's package folder (its entry point lives in its `dist/`). */
function pgliteFolder(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return folder;
}

/** Where prepared clusters are kept: `node_modules/.cache`, which goes with the install it was made for. */
export function defaultCacheDir(): string {
  return join(dirname(dirname(pgliteFolder())), '.cache', 'rede-credito-educacional');
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The key of the cluster the migrations in `folder` make with the installed PGlite. */
export function baseKey(folder = MIGRATIONS_FOLDER): string {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(join(pgliteFolder(), 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${version}\n`);
  for (const file of filesUnder(folder).sort()) {
    hash.update(`${relative(folder, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export const baseFolder = (cacheDir: string, key: string) => join(cacheDir, `pglite-base-${key}`);

/**
 * Fills an empty (or absent) database folder with the prepared cluster of today's migrations, when there is one.
 * Answers whether it did; a folder holding anything is never touched. The copy is made beside the folder and
 * renamed into place, so a start stopped while it copies leaves no half cluster for the next one to open.
 */
export function seedFromBase(dir: string, cacheDir = defaultCacheDir(), folder = MIGRATIONS_FOLDER): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const base = baseFolder(cacheDir, baseKey(folder));
  if (!existsSync(join(base, 'PG_VERSION'))) return false;
  const copying = `${dir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(base, copying, { recursive: true });
  // Empty, as checked above: rmdir refuses anything else.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(copying, dir);
  return true;
}
