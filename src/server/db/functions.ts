import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database's PL/pgSQL and SQL functions, one file each named after its function (ADR 061): a
 * `CREATE OR REPLACE FUNCTION` of today's definition, whatever the migrations defined before. Beside this file in
 * the source tree; copied beside the bundle by the build.
 */
export const FUNCTIONS_FOLDER = fileURLToPath(new URL('./functions', import.meta.url));

export interface FunctionFile {
  name: string;
  /** The file's statement. */
  sql: string;
}

export function functionFiles(folder = FUNCTIONS_FOLDER): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(join(folder, file), 'utf8') }));
}

/** A file's definition as the catalog writes it back (pg_get_functiondef): without its comments and semicolon. */
const asCatalogWritesIt = (text: string) =>
  text
    .replace(/^(--.*\n)+/, '')
    .trimEnd()
    .replace(/;$/, '')
    .trimEnd();

export interface FunctionRunner {
  /** One statement's rows. */
  rows(text: string): Promise<{ rows: unknown[] }>;
  /** Several statements, in one transaction. */
  script(statements: string[]): Promise<unknown>;
}

/**
 * Runs after the migrations on every start (pglite.ts, postgres.ts): each function the database does not hold as
 * its file says is created or replaced from the file, all in one script. A database that holds them all already
 * (every start but the first after a change) is only read: no catalog row is rewritten, and no other instance's
 * cached plans are dropped.
 */
export async function applyFunctions(db: FunctionRunner, files = functionFiles()): Promise<string[]> {
  const { rows } = (await db.rows(
    `select p.proname as name, pg_get_functiondef(p.oid) as definition
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'`,
  )) as { rows: { name: string; definition: string }[] };
  const held = new Map(rows.map((r) => [r.name, r.definition.trimEnd()]));
  const stale = files.filter((f) => held.get(f.name) !== asCatalogWritesIt(f.sql));
  if (stale.length > 0) await db.script(stale.map((f) => f.sql));
  return stale.map((f) => f.name);
}
