/**
 * `npm run db:restore -- <file> [--replace]`: loads a backup made by `npm run db:backup` into DATA_DIR (default
 * ./data) while no server runs on it. DATA_DIR/db must be empty or absent; with --replace the database there is
 * moved aside to db.before-restore-<time>, never deleted. Then start the server as usual.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreDataDir } from '../src/server/db/backup';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new Error('name the backup file: npm run db:restore -- <file> [--replace]');
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  if (process.env.DATABASE_URL) throw new Error('DATABASE_URL is set: restore PostgreSQL with its own tools.');
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const { movedTo } = await restoreDataDir(resolve(file), dataDir, { replace: args.includes('--replace') });
  if (movedTo) console.log(`the database that was in ${dataDir} is kept in ${movedTo}`);
  console.log(`${file} restored into ${dataDir}; start the server as usual`);
}

main().catch((error: unknown) => {
  console.error(`db:restore failed: ${(error as Error).message}`);
  process.exit(1);
});
