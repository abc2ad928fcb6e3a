import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of the test's own, on its own port under /tmp, that the test may stop and start for real
 * (the machine's shared server is never touched). Uses the binaries of PG_BIN, or the newest
 * /usr/lib/postgresql/<version>/bin; as root, runs them as the postgres user (initdb refuses root).
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl stop: 'fast' ends every session (57P01) and shuts down cleanly; 'immediate' is a crash. */
  stop(mode: 'fast' | 'immediate'): void;
  /** pg_ctl start, returning once it accepts connections. */
  start(): void;
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error('PostgreSQL server binaries not found: install postgresql, or set PG_BIN to their folder');
  }
  return join(root, versions[0]!, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const run = (tool: string, args: string[]) => {
    const command = join(bin, tool);
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: (mode) => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
