import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newPglite, openPglite } from '../../src/server/db/pglite';
import { connectPostgres, migratePostgres } from '../../src/server/db/postgres';
import { loadDemoNetwork } from '../../src/server/db/seed/demo-network';
import { todayInBrasilia } from '../../src/shared/brasilia';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string | null;
    /** The São Paulo day the demo network was seeded on: its dates are relative to it (test-app.ts). */
    seedDay: string;
  }
}

/** One template per run, so parallel runs on one PostgreSQL server never drop each other's. */
const TEMPLATE_DB = `app_test_template_${process.pid}`;

/**
 * Builds ONE migrated database holding the demo network, then every test file clones it: a fresh PGlite is
 * ~4 s and 800 MB, reopening a dump ~0.3 s. With TEST_DATABASE_URL the same is done on PostgreSQL with a
 * template database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'app-tests-'));
  const url = process.env.TEST_DATABASE_URL;
  project.provide('seedDay', todayInBrasilia());
  let templateUrl: string | null = null;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${TEMPLATE_DB}`;
    templateUrl = target.toString();
    await migratePostgres(templateUrl);
    const pgHandle = await connectPostgres(templateUrl, 2);
    await loadDemoNetwork(pgHandle.db);
    await pgHandle.close();
  } else {
    // The files clone PostgreSQL's template when there is one (test-app.ts): the PGlite copy is built only without.
    const pglite = newPglite();
    const handle = await openPglite(pglite);
    await loadDemoNetwork(handle.db);
    const dump = await pglite.dumpDataDir('none');
    const dumpFile = join(dir, 'demo.tar');
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteDump', dumpFile);
  }
  project.provide('postgresTemplate', templateUrl);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      // With the templates a worker seeded again after São Paulo's midnight (test-app.ts), named after this one.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $1 || '\\_d%'`,
        [TEMPLATE_DB],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    }
  };
}
