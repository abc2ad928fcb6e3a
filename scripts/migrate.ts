/**
 * `npm run db:migrate`: applies the committed migrations without starting the server (which applies them itself on
 * start). To PostgreSQL when DATABASE_URL is set, else to the embedded database in DATA_DIR (default ./data), which
 * must not be open in a running server (PGlite is single-process).
 */
import { resolve } from 'node:path';
import { livePid } from '../src/server/db/backup';
import { newPglite, openPglite } from '../src/server/db/pglite';
import { migratePostgres } from '../src/server/db/postgres';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await migratePostgres(url);
    console.log('migrations applied to DATABASE_URL');
    return;
  }
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const pid = livePid(dataDir, 'db.lock');
  if (pid !== null) throw new Error(`process ${pid} holds ${dataDir}: stop the server, or let it migrate on start.`);
  const handle = await openPglite(newPglite({ dataDir }));
  await handle.close();
  console.log(`migrations applied to the embedded database in ${dataDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
