import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { todayInBrasilia } from '../../src/shared/brasilia';
import { seedPgliteDump, seedPostgresTemplate } from './demo-template';

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
    templateUrl = await seedPostgresTemplate(url, TEMPLATE_DB);
  } else {
    // The files clone PostgreSQL's template when there is one (test-app.ts): the PGlite copy is built only without.
    project.provide('pgliteDump', await seedPgliteDump(join(dir, 'demo.tar')));
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
