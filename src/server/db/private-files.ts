import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database (its WAL carries password hashes), the mail outbox (reset links) and
 * backups: nobody but the server's own user may read or write it (TRUST.md, "Files on disk"). The process creates
 * every file with umask 077 (directories 0700, files 0600), and at start any looser mode left by an older version
 * or a copy is made private.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Sets the process umask to 077; returns the previous one. */
export function usePrivateUmask(): number {
  return process.umask(PRIVATE_UMASK);
}

/**
 * Creates `dir` (0700) if absent and makes every directory and file under it private. Returns the paths whose
 * mode was looser, so the caller can warn once. Symbolic links are neither followed nor changed.
 */
export function makePrivate(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const loosened: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      loosened.push(path);
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return loosened;
}
