import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { DECLARED_KINDS, dumpText, type SchemaDump, schemaDump } from '../../../tests/support/schema-dump';
import { MIGRATIONS_FOLDER } from './connect';
import { applyFunctions, FUNCTIONS_FOLDER } from './functions';
import * as schema from './schema';

/**
 * One truth for the schema (ADR 061). schema.ts declares every table, column, constraint, index and enum, and the
 * migrations build exactly those; drizzle-kit's last snapshot is schema.ts, so `npm run db:generate` on an
 * unchanged schema writes nothing; what drizzle cannot declare (functions, triggers, storage parameters, an
 * index's INCLUDE) is held, with everything else, by the committed dump of the database the server builds
 * (schema.dump.txt: `npx vitest run src/server/db/schema-truth.test.ts -u` writes it after a deliberate change).
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What schema.ts cannot say, by the object that has it: the text of the migrated database's definition that the
 * schema's lacks. Each must still be there (a stale entry fails too).
 */
const BEYOND_DRIZZLE: Record<string, string> = {
  // Migration 0023: the late list counts its total from the index alone. drizzle's index builder has no INCLUDE.
  sac_tickets_franqueador_abertos_idx: ' INCLUDE (prazo_ate)',
  // Migration 0086 (ADR 144): the network's matrículas by status in a period, read from the index alone.
  matriculas_franqueador_efetivada_idx: ' INCLUDE (status, motivo_cancelamento)',
  // Migration 0036: Relatórios' follow-up report reads each scope's status index alone (issue 39, item 13); migration
  // 0090 (ADR 158) gives each of the five the event's place the follow-up groups and filters by.
  leads_cliente_status_idx:
    ' INCLUDE (franqueador_id, franquia_id, micro_franquia_id, vendedor_id, evento_id, primeiro_contato_em, motivo_perda, evento_estado, evento_cidade)',
  leads_vendedor_status_idx:
    ' INCLUDE (franqueador_id, franquia_id, micro_franquia_id, cliente_id, evento_id, primeiro_contato_em, motivo_perda, evento_estado, evento_cidade)',
  // Migration 0081: a place's events read from the index alone (issue 46, ADR 137).
  eventos_estado_idx: ' INCLUDE (id, franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id)',
  eventos_cidade_lower_idx:
    ' INCLUDE (cidade, id, franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id)',
  // Migration 0083: the audit trail of the people a search names, read from the index alone (ADR 139).
  audit_log_usuario_id_em_idx: ' INCLUDE (acao, entidade, franqueador_id, franquia_id, micro_franquia_id)',
  // Migration 0092 (ADR 161): each level's trail filtered by an action or an entity, read from the index alone.
  audit_log_franqueador_em_idx: ' INCLUDE (acao, entidade)',
  audit_log_franquia_em_idx: ' INCLUDE (acao, entidade)',
  audit_log_micro_franquia_em_idx: ' INCLUDE (acao, entidade)',
  leads_micro_franquia_status_idx:
    ' INCLUDE (franqueador_id, franquia_id, vendedor_id, cliente_id, evento_id, primeiro_contato_em, motivo_perda, evento_estado, evento_cidade)',
  leads_franquia_status_idx:
    ' INCLUDE (franqueador_id, micro_franquia_id, vendedor_id, cliente_id, evento_id, primeiro_contato_em, motivo_perda, evento_estado, evento_cidade)',
  // Migration 0089 (ADR 156): and the network's, the family's origin its follow-up groups and filters by.
  leads_franqueador_status_idx:
    ' INCLUDE (franquia_id, micro_franquia_id, vendedor_id, cliente_id, evento_id, primeiro_contato_em, motivo_perda, utm_source, utm_campaign, link_codigo, link_vendedor_id, evento_estado, evento_cidade)',
  // Migration 0098 (ADR 166): a city's page keys and count, with or without its state, read from the index alone.
  ...Object.fromEntries(
    ['leads', 'pre_matriculas', 'matriculas'].flatMap((table) =>
      ['franqueador', 'franquia'].map((scope) => [
        `${table}_${scope}_cidade_idx`,
        ' INCLUDE (evento_cidade, evento_estado)',
      ]),
    ),
  ),
};

/** The last migration that defined a function in place; the later ones leave that to its file. */
const LAST_MIGRATION_WITH_FUNCTIONS = 31;

let ctx: TestContext;
let migrated: SchemaDump;

beforeAll(async () => {
  ctx = await createTestApp();
  migrated = await schemaDump(ctx.handle.db);
});

afterAll(async () => {
  await ctx?.close();
});

/** A table's declarations without its storage parameters (which drizzle cannot declare). */
function declared(dump: SchemaDump) {
  const result: Record<string, string[]> = { tables: dump.tables.map((t) => t.replace(/ with \(.*\)$/, '')) };
  for (const kind of DECLARED_KINDS) result[kind] = [...dump[kind]];
  return result;
}

describe('the schema has one truth (ADR 061)', () => {
  it('the database the migrations and function files build is the committed schema.dump.txt', async () => {
    await expect(dumpText(migrated)).toMatchFileSnapshot('./schema.dump.txt');
  });

  it('schema.ts declares every table, column, constraint, index and enum the migrations build, and no other', async () => {
    // schema.ts's own CREATE statements, as drizzle-kit writes them from nothing, run in a schema of their own.
    const empty = generateDrizzleJson({}, undefined, undefined, 'snake_case');
    const current = generateDrizzleJson(schema, undefined, undefined, 'snake_case');
    const statements = await generateMigration(empty, current);
    let fromSchema: SchemaDump | undefined;
    await ctx.handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`create schema declared`);
        await tx.execute(sql`select set_config('search_path', 'declared, public', true)`);
        for (const statement of statements) await tx.execute(sql.raw(statement.replaceAll('"public".', '"declared".')));
        fromSchema = await schemaDump(tx, 'declared');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });

    const built = declared(migrated);
    for (const [name, text] of Object.entries(BEYOND_DRIZZLE)) {
      const at = built.indexes!.findIndex((line) => line.includes(` ${name} ON `));
      expect(built.indexes![at], `${name} no longer has${text}: remove it from BEYOND_DRIZZLE`).toContain(text);
      built.indexes![at] = built.indexes![at]!.replace(text, '');
    }
    expect(declared(fromSchema!)).toEqual(built);
  });

  it('dates every migration after the one before, so a database already migrated applies it', () => {
    // drizzle's migrator applies to an existing database only the migrations dated after the last one it applied:
    // a migration dated before it (drizzle-kit dates it by the clock; migrations 0032-0034 were dated by hand, ahead
    // of it) passes the tests on a fresh database and is silently skipped on every database in use.
    const { entries } = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const outOfOrder = entries
      .slice(1)
      .filter((entry, i) => entry.when <= entries[i]!.when)
      .map((entry) => `${entry.tag} (when ${entry.when}): give it a 'when' after the migration before it`);
    expect(outOfOrder).toEqual([]);
  });

  it('`npm run db:generate` on the unchanged schema writes no migration', async () => {
    // drizzle-kit reads the newest snapshot as the schema the migrations built: it is the newest migration's.
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const snapshots = readdirSync(join(MIGRATIONS_FOLDER, 'meta')).filter((f) => f.endsWith('_snapshot.json'));
    expect(snapshots.sort().at(-1)).toBe(`${journal.entries.at(-1)!.tag.slice(0, 4)}_snapshot.json`);

    // The command itself, with the project's drizzle.config.ts, writing into a copy of the migrations.
    const dir = mkdtempSync(join(tmpdir(), 'db-generate-'));
    try {
      const out = join(dir, 'migrations');
      cpSync(MIGRATIONS_FOLDER, out, { recursive: true });
      const config = join(dir, 'drizzle.config.ts');
      // drizzle-kit takes `out` relative to the working directory.
      writeFileSync(
        config,
        `import base from ${JSON.stringify(join(root, 'drizzle.config.ts'))};\n` +
          `export default { ...base, out: ${JSON.stringify(`./${relative(root, out)}`)} };\n`,
      );
      const bin = join(root, 'node_modules/drizzle-kit/bin.cjs');
      const { stdout } = await promisify(execFile)(process.execPath, [bin, 'generate', '--config', config], {
        cwd: root,
      });
      const written = readdirSync(out).filter((f) => !readdirSync(MIGRATIONS_FOLDER).includes(f));
      const sqlWritten = written.map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
      expect(sqlWritten, stdout).toBe('');
      expect(readFileSync(join(out, 'meta/_journal.json'), 'utf8')).toBe(
        readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('every function the database holds has one file named after it, which the later migrations leave alone', async () => {
    const files = readdirSync(FUNCTIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4));
    const functions = await queryRows<{ name: string }>(
      ctx.handle.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`,
    );
    expect(files.sort()).toEqual(functions.map((f) => f.name));

    // A later migration that redefined one would be undone by its file at the next start. A trigger's new function
    // is the one exception (ADR 082): its migration creates it once (CREATE FUNCTION, never OR REPLACE), as the
    // trigger it creates needs it, with its file's very body; any later change is the file's.
    const migrations = readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const definedBefore = new Set<string>();
    const redefined: string[] = [];
    for (const f of migrations) {
      const text = readFileSync(join(MIGRATIONS_FOLDER, f), 'utf8');
      for (const m of text.matchAll(/create\s+(or\s+replace\s+)?function\s+(?:"?public"?\.)?"?(\w+)"?/gi)) {
        const name = m[2]!;
        const firstCreation = !m[1] && !definedBefore.has(name);
        definedBefore.add(name);
        if (Number(f.slice(0, 4)) <= LAST_MIGRATION_WITH_FUNCTIONS || !files.includes(name) || firstCreation) continue;
        redefined.push(`${f}: ${name} (edit src/server/db/functions/${name}.sql instead)`);
      }
    }
    expect(redefined).toEqual([]);
  });

  it("a start on a database that holds the files' functions rewrites none; one changed by hand is restored", async () => {
    const db = ctx.handle.db;
    const runner = {
      rows: (text: string) => db.execute(sql.raw(text)) as unknown as Promise<{ rows: unknown[] }>,
      script: (statements: string[]) =>
        db.transaction(async (tx) => {
          for (const statement of statements) await tx.execute(sql.raw(statement));
        }),
    };
    const versions = () =>
      queryRows<{ name: string; xmin: string }>(
        db,
        sql`select p.proname as name, p.xmin::text as xmin from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' order by 1`,
      );
    const before = await versions();
    expect(await applyFunctions(runner)).toEqual([]);
    expect(await versions()).toEqual(before);

    await db.execute(
      sql.raw(
        `create or replace function funnel_chave(p uuid[], n int) returns uuid language sql immutable as $$ select null::uuid $$`,
      ),
    );
    expect(await applyFunctions(runner)).toEqual(['funnel_chave']);
    expect(dumpText(await schemaDump(db))).toBe(dumpText(migrated));
  });
});
