/**
 * `npm run db:backup [-- <file>]`: a backup of the embedded database in DATA_DIR (default ./data), running or
 * stopped. A running server writes it itself, between two queries (PGlite is single-process: nothing else may
 * open its directory); a stopped one is copied here. The file is PGlite's dump, a .tar.gz that
 * `npm run db:restore` loads. Default file: DATA_DIR/backups/db-<time>.tar.gz; copy backups off the machine.
 * PostgreSQL (DATABASE_URL) is backed up with its own tools (pg_dump).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  BACKUP_READY_FILE,
  BACKUP_REQUEST_FILE,
  BACKUP_RESULT_FILE,
  backupStoppedDataDir,
  livePid,
  type BackupResult,
} from '../src/server/db/backup';

const TIMEOUT_MS = Number(process.env.BACKUP_TIMEOUT_MS ?? 300_000);

async function main(): Promise<void> {
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump; this script copies the embedded database.');
  }
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(process.argv[2] ?? join(dataDir, 'backups', `db-${stamp}.tar.gz`));
  const started = performance.now();

  const serverPid = livePid(dataDir, 'db.lock');
  if (serverPid === null) {
    const bytes = await backupStoppedDataDir(dataDir, file);
    console.log(`backup of the stopped database in ${dataDir} written to ${file} (${bytes} bytes)`);
    return;
  }
  if (livePid(dataDir, BACKUP_READY_FILE) !== serverPid) {
    throw new Error(
      `process ${serverPid} holds ${dataDir} but does not take backup requests (an older server?): stop it and ` +
        'run npm run db:backup again.',
    );
  }
  const id = randomUUID();
  const resultFile = join(dataDir, BACKUP_RESULT_FILE);
  rmSync(resultFile, { force: true });
  writeFileSync(join(dataDir, BACKUP_REQUEST_FILE), JSON.stringify({ id, file }));
  process.kill(serverPid, 'SIGUSR2');
  for (;;) {
    if (existsSync(resultFile)) {
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as BackupResult;
      if (result.id === id) {
        rmSync(resultFile, { force: true });
        rmSync(join(dataDir, BACKUP_REQUEST_FILE), { force: true });
        if (!result.ok) throw new Error(`the server could not write the backup: ${result.error}`);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `backup written by the running server (pid ${serverPid}) to ${file} (${result.bytes} bytes, ${seconds} s)`,
        );
        return;
      }
    }
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`no answer from the server (pid ${serverPid})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((error: unknown) => {
  console.error(`db:backup failed: ${(error as Error).message}`);
  process.exit(1);
});
