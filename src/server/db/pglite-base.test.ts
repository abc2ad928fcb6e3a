import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './connect';
import { baseKey, seedFromBase } from './pglite-base';
import { connectEmbedded, prepareBase } from './pglite';

/**
 * The prepared cluster (issue 40, ADR 100): made once at install, copied into a new DATA_DIR at its first start,
 * and never used when the migrations are not the ones it was made from.
 */
describe('the prepared embedded cluster', () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-base-'));
  const cache = join(root, 'cache');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A copy of today's migrations that a test may change. */
  const migrationsCopy = (name: string) => {
    const folder = join(root, name);
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    return folder;
  };

  it('keys the cluster by every migration file: a change, a new file or a removed one makes another key', () => {
    const today = baseKey();
    expect(baseKey(migrationsCopy('same'))).toBe(today);

    const changed = migrationsCopy('changed');
    const first = readdirSync(changed).find((name) => name.endsWith('.sql'))!;
    appendFileSync(join(changed, first), '\n-- one more line\n');
    expect(baseKey(changed)).not.toBe(today);

    const added = migrationsCopy('added');
    writeFileSync(join(added, '9999_next.sql'), 'create table proxima (id int);');
    expect(baseKey(added)).not.toBe(today);

    const removed = migrationsCopy('removed');
    rmSync(join(removed, first));
    expect(baseKey(removed)).not.toBe(today);
  });

  it('a new DATA_DIR starts as a copy of it, with every migration applied; a restart copies nothing', async () => {
    expect(await prepareBase(cache)).toBe(true);
    expect(await prepareBase(cache)).toBe(false);
    expect(readdirSync(cache)).toEqual([`pglite-base-${baseKey()}`]);

    const dataDir = join(root, 'data');
    const first = await connectEmbedded(dataDir, cache);
    try {
      expect(first.seeded).toBe(true);
      const { rows } = (await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(rows[0]!.n).toBe(journal.entries.length);
      // The app's data goes in the copy, never in the prepared cluster.
      await first.db.execute(sql`create table so_nesta_copia (id int)`);
    } finally {
      await first.close();
    }

    const again = await connectEmbedded(dataDir, cache);
    try {
      expect(again.seeded).toBe(false);
      const { rows } = (await again.db.execute(sql`select to_regclass('so_nesta_copia')::text as t`)) as unknown as {
        rows: { t: string | null }[];
      };
      expect(rows[0]!.t).toBe('so_nesta_copia');
    } finally {
      await again.close();
    }

    const other = join(root, 'other');
    mkdirSync(other);
    expect(seedFromBase(other, cache)).toBe(true);
    expect(existsSync(join(other, 'base'))).toBe(true);

    // A start stopped while it copied left half a copy beside the folder: the next start copies again, whole.
    const interrupted = join(root, 'interrupted');
    mkdirSync(`${interrupted}.copying`);
    writeFileSync(join(`${interrupted}.copying`, 'PG_VERSION'), 'half');
    expect(seedFromBase(interrupted, cache)).toBe(true);
    expect(readFileSync(join(interrupted, 'PG_VERSION'), 'utf8')).toBe(
      readFileSync(join(cache, `pglite-base-${baseKey()}`, 'PG_VERSION'), 'utf8'),
    );
    expect(existsSync(`${interrupted}.copying`)).toBe(false);
  }, 60_000);

  it('is not used when the migrations changed since it was made, nor on a folder that holds anything', () => {
    const changed = migrationsCopy('changed-later');
    writeFileSync(join(changed, '9999_next.sql'), 'create table proxima (id int);');
    const fresh = join(root, 'fresh');
    expect(seedFromBase(fresh, cache, changed)).toBe(false);
    expect(existsSync(fresh)).toBe(false);
    // With today's migrations the same folder is filled: the key alone refused it.
    expect(seedFromBase(fresh, cache)).toBe(true);

    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'algo'), 'x');
    expect(seedFromBase(busy, cache)).toBe(false);
    expect(readdirSync(busy)).toEqual(['algo']);
  });
});
