import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { connectEmbedded } from '../../../src/server/db/pglite';
import { leads } from '../../../src/server/db/schema';
import { tableDigests } from '../../support/database-digest';
import {
  copyDataDir,
  leadBody,
  openEventoIds,
  removeDir,
  ROOT,
  send,
  startServer,
  type ServerProcess,
} from '../support/server-process';

/**
 * npm run db:backup / db:restore on the embedded database (README, "Backups"): a backup taken while the server
 * runs (even under writes) or while it is stopped, restored into a fresh DATA_DIR, holds exactly the data.
 */

function run(script: string, args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolveRun({ code, output }));
  });
}
const backup = (dataDir: string, file: string) => run('scripts/db-backup.ts', [file], dataDir);
const restore = (file: string, dataDir: string, ...flags: string[]) =>
  run('scripts/db-restore.ts', [file, ...flags], dataDir);

/** Every public table's row count and a digest of its rows, read from a data directory. */
async function fingerprint(dataDir: string): Promise<Record<string, string>> {
  const handle = await connectEmbedded(dataDir);
  try {
    return await tableDigests(handle.db);
  } finally {
    await handle.close();
  }
}

async function storedEmails(dataDir: string, emails: string[]): Promise<number> {
  const handle = await connectEmbedded(dataDir);
  try {
    return (await handle.db.select({ e: leads.email }).from(leads).where(inArray(leads.email, emails))).length;
  } finally {
    await handle.close();
  }
}

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'faults-restore-'));
  dirs.push(dir);
  return dir;
};
let source: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  source = copyDataDir(inject('demoDataDir'));
  dirs.push(source);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const dir of dirs) removeDir(dir);
});

async function signUps(baseUrl: string, eventoId: string, prefix: string, count: number): Promise<string[]> {
  const acked: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}.${i}@exemplo.com.br`;
    const answer = await send(baseUrl, { method: 'POST', path: '/api/leads', body: leadBody(eventoId, email) });
    if (answer.status === 201) acked.push(email);
  }
  return acked;
}

describe('db:backup and db:restore on the embedded database', () => {
  it('backs up a running server, under writes and at rest, and restores the same data', async () => {
    const backups = freshDir();
    server = await startServer({ env: { DATA_DIR: source, LOG_LEVEL: 'warn' } });
    const [eventoId] = await openEventoIds(server.baseUrl);
    const before = await signUps(server.baseUrl, eventoId!, 'antes', 20);
    expect(before).toHaveLength(20);

    // Under writes: the copy holds everything acknowledged before it was asked for, and opens.
    let writing = true;
    const during: string[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) during.push(...(await signUps(server!.baseUrl, eventoId!, `durante.${i}`, 1)));
    })();
    const underLoad = await backup(source, join(backups, 'under-load.tar.gz'));
    writing = false;
    await writer;
    expect(underLoad.output).toContain('running server');
    expect(underLoad.code).toBe(0);
    const underLoadCopy = freshDir();
    expect((await restore(join(backups, 'under-load.tar.gz'), underLoadCopy)).code).toBe(0);
    expect(await storedEmails(underLoadCopy, before)).toBe(before.length);

    // At rest, while running: the copy equals the database as the server leaves it.
    const atRest = await backup(source, join(backups, 'at-rest.tar.gz'));
    expect(atRest.code).toBe(0);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    const original = await fingerprint(source);
    const restored = freshDir();
    expect((await restore(join(backups, 'at-rest.tar.gz'), restored)).code).toBe(0);
    expect(await fingerprint(restored)).toEqual(original);
    expect(Object.keys(original).length).toBeGreaterThan(10);

    // A restore never overwrites a database by accident; --replace keeps the old one aside.
    const refused = await restore(join(backups, 'at-rest.tar.gz'), restored);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds a database');
    const replaced = await restore(join(backups, 'under-load.tar.gz'), restored, '--replace');
    expect(replaced.code).toBe(0);
    expect(replaced.output).toMatch(/kept in .*db\.before-restore-/);

    // Stopped: more writes first, then the script copies the directory itself.
    server = await startServer({ env: { DATA_DIR: source, LOG_LEVEL: 'warn' } });
    const after = await signUps(server.baseUrl, eventoId!, 'depois', 10);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    const stopped = await backup(source, join(backups, 'stopped.tar.gz'));
    expect(stopped.output).toContain('stopped database');
    expect(stopped.code).toBe(0);
    expect(existsSync(join(source, 'db.lock'))).toBe(false);
    const restoredStopped = freshDir();
    expect((await restore(join(backups, 'stopped.tar.gz'), restoredStopped)).code).toBe(0);
    expect(await fingerprint(restoredStopped)).toEqual(await fingerprint(source));
    expect(await storedEmails(restoredStopped, after)).toBe(after.length);

    // A restored directory is a working server.
    server = await startServer({ env: { DATA_DIR: restoredStopped, LOG_LEVEL: 'warn' } });
    const again = await signUps(server.baseUrl, eventoId!, 'restaurado', 1);
    expect(again).toHaveLength(1);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
    console.log(
      `backups: ${during.length} sign-ups acknowledged while the running server wrote its backup; restored copies ` +
        `equal their source in all ${Object.keys(original).length} tables`,
    );
  });
});
