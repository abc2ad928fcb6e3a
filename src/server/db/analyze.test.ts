import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzeWhatGrew, newPglite, openPglite, type EmbeddedHandle } from './pglite';

/**
 * The embedded database's statistics at start (issue 40): a restart analyzes nothing that did not move, a table
 * that grew by more than a tenth is analyzed, and the planner then knows its new size.
 */
describe('analyzeWhatGrew (PGlite)', () => {
  let handle: EmbeddedHandle;

  beforeAll(async () => {
    const dump = inject('pgliteDump');
    // The demo database the suite clones when it runs on PGlite; a fresh migrated one when it runs on PostgreSQL.
    handle = await openPglite(newPglite(dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}));
  }, 60_000);
  afterAll(() => handle?.close());

  const reltuples = async (table: string) =>
    Number(
      (
        (await handle.db.execute(sql`select reltuples from pg_class where relname = ${table}`)) as unknown as {
          rows: { reltuples: number }[];
        }
      ).rows[0]!.reltuples,
    );

  it('analyzes every table once, then none until one moves', async () => {
    await analyzeWhatGrew(handle.db);
    expect(await analyzeWhatGrew(handle.db)).toEqual([]);
    expect(await reltuples('franqueadores')).toBeGreaterThanOrEqual(0);
  });

  it('analyzes a table that grew by more than a tenth, and the planner reads its new size', async () => {
    await analyzeWhatGrew(handle.db);
    await handle.db.execute(sql.raw(`create table crescimento (id int primary key, texto text)`));
    await handle.db.execute(
      sql.raw(`insert into crescimento select g, repeat('x', 100) from generate_series(1, 100) g`),
    );
    expect(await analyzeWhatGrew(handle.db)).toEqual(['crescimento']);
    expect(await reltuples('crescimento')).toBe(100);

    // A few rows more: under a tenth of its pages, no new analysis.
    await handle.db.execute(sql.raw(`insert into crescimento select g, 'y' from generate_series(101, 103) g`));
    expect(await analyzeWhatGrew(handle.db)).toEqual([]);

    await handle.db.execute(
      sql.raw(`insert into crescimento select g, repeat('z', 100) from generate_series(104, 5000) g`),
    );
    expect(await analyzeWhatGrew(handle.db)).toEqual(['crescimento']);
    expect(await reltuples('crescimento')).toBe(5000);
  });
});
