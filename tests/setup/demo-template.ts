import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { newPglite, openPglite } from '../../src/server/db/pglite';
import { connectPostgres, migratePostgres } from '../../src/server/db/postgres';
import { loadDemoNetwork } from '../../src/server/db/seed/demo-network';

/**
 * The demo network the test files clone, seeded today: a migrated PostgreSQL database named `name` on the server
 * of `adminUrl` (its URL answered), or a PGlite data directory dumped to `file`. global-setup.ts seeds the run's
 * at its start; test-app.ts a worker's own when the run has crossed São Paulo's midnight.
 */
export async function seedPostgresTemplate(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  await migratePostgres(target.toString());
  const handle = await connectPostgres(target.toString(), 2);
  await loadDemoNetwork(handle.db);
  await handle.close();
  return target.toString();
}

export async function seedPgliteDump(file: string): Promise<string> {
  const pglite = newPglite();
  const handle = await openPglite(pglite);
  await loadDemoNetwork(handle.db);
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  return file;
}
