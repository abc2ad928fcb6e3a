import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';
import { newPglite, openPglite } from './pglite';

/**
 * Backups of the embedded database (README, "Backups"). PGlite is single-process, so a running server makes the
 * copy itself when `npm run db:backup` asks it (a request file and SIGUSR2); a stopped one is copied by the
 * script. Either way the copy is PGlite's own dump of the data directory, taken between two queries: a
 * consistent image that opens like a cleanly stopped database.
 */

export const BACKUP_REQUEST_FILE = 'backup-request.json';
export const BACKUP_RESULT_FILE = 'backup-result.json';
/** Holds the pid of a server that answers backup requests; SIGUSR2 would end any other process. */
export const BACKUP_READY_FILE = 'backup-ready';

export interface BackupRequest {
  id: string;
  file: string;
}
export interface BackupResult {
  id: string;
  ok: boolean;
  bytes?: number;
  error?: string;
}

/**
 * A backup of a live PGlite as a gzipped tar of its data directory, written through a temporary name so a
 * half-written file never passes for a whole one. The dump is read inside a transaction of its own: no other
 * transaction is half-way through meanwhile, and the checkpoint before it keeps the WAL to replay short.
 */
export async function writePgliteBackup(pglite: PGlite, file: string): Promise<number> {
  await pglite.exec('checkpoint');
  const dump = await pglite.transaction(() => pglite.dumpDataDir('gzip'));
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.partial`, bytes, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  return bytes.length;
}

/**
 * In the server: answers each SIGUSR2 by reading DATA_DIR/backup-request.json, writing the backup it names and
 * reporting in DATA_DIR/backup-result.json. Returns the function that stops listening.
 */
export function serveBackupRequests(
  dataDir: string,
  backup: (file: string) => Promise<number>,
  log: { info(message: string): void; error(message: string): void },
): () => void {
  let running = Promise.resolve();
  const onSignal = () => {
    running = running.then(async () => {
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(join(dataDir, BACKUP_REQUEST_FILE), 'utf8')) as BackupRequest;
      } catch {
        log.error('backup requested, but no readable backup-request.json in DATA_DIR');
        return;
      }
      let result: BackupResult;
      try {
        const bytes = await backup(request.file);
        result = { id: request.id, ok: true, bytes };
        log.info(`backup written to ${request.file} (${bytes} bytes)`);
      } catch (error) {
        result = { id: request.id, ok: false, error: (error as Error).message };
        log.error(`backup to ${request.file} failed: ${(error as Error).message}`);
      }
      writeFileSync(join(dataDir, BACKUP_RESULT_FILE), JSON.stringify(result));
    });
  };
  process.on('SIGUSR2', onSignal);
  const ready = join(dataDir, BACKUP_READY_FILE);
  writeFileSync(ready, String(process.pid));
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(ready, { force: true });
  };
}

/** The pid in a file of DATA_DIR when that process is alive, else null. */
export function livePid(dataDir: string, name: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dataDir, name), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** A stopped embedded database, copied by this process (the data directory's lock is taken meanwhile). */
export async function backupStoppedDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) throw new Error(`no embedded database in ${dataDir}`);
  const release = lockDataDir(dataDir);
  const pglite = newPglite({ dataDir: join(dataDir, 'db') });
  try {
    await pglite.waitReady;
    return await writePgliteBackup(pglite, file);
  } finally {
    await pglite.close();
    release();
  }
}

/**
 * Loads a backup into DATA_DIR/db, which must be empty or absent; with `replace`, an existing database is first
 * moved aside to db.before-restore-<time>, never deleted. The restored database is opened once (and brought to
 * the current migrations) before this returns.
 */
export async function restoreDataDir(file: string, dataDir: string, options: { replace?: boolean } = {}) {
  const dir = join(dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    let movedTo: string | null = null;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!options.replace) {
        throw new RestoreRefusedError(
          `${dir} already holds a database. Restore into an empty DATA_DIR, or pass --replace to move the ` +
            'current one aside first.',
        );
      }
      movedTo = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dir, movedTo);
    } else {
      rmSync(dir, { recursive: true, force: true });
    }
    const dump = new Blob([readFileSync(file)]);
    const handle = await openPglite(newPglite({ dataDir: dir, loadDataDir: dump }));
    await handle.close();
    return { movedTo };
  } finally {
    release();
  }
}

export class RestoreRefusedError extends Error {}
