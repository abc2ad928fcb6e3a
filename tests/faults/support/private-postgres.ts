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

/** Runs a PostgreSQL tool of PG_BIN, as the postgres user when the test runs as root. */
function runner() {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  return (tool: string, args: string[]) => {
    const command = join(bin, tool);
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  };
}

/** A folder under /tmp the cluster's user owns. */
function privateDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (userInfo().uid === 0) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  return dir;
}

/** Starts the cluster in `dir`/data on `port` and answers its handle. */
function cluster(dir: string, port: number, run: ReturnType<typeof runner>): PrivatePostgres {
  const data = join(dir, 'data');
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

/** A primary: `wal_level=replica` and WAL senders are PostgreSQL's defaults, and initdb's trust covers replication. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const run = runner();
  const dir = privateDir('faults-pg-');
  run('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  return cluster(dir, await freePort(), run);
}

/**
 * A streaming replica of `primary` (issue 46): a base backup with `-R` (standby.signal and the primary's address),
 * started as a hot standby on a port of its own.
 */
export async function startStandby(primary: PrivatePostgres): Promise<PrivatePostgres> {
  const run = runner();
  const dir = privateDir('faults-standby-');
  run('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', join(dir, 'data'), '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
  ]);
  return cluster(dir, await freePort(), run);
}
