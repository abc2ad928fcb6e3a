/**
 * Issue 46, "past one machine": the bench's mixed load -- what a network's working day sends at once: sessions, each
 * role's first pages, searches, a dashboard, the public pages and sign-ups -- through one instance of the production
 * server and through two behind one address, in turns, on the same database, in the same run.
 *
 * The one address is node:cluster's: a primary process holds the port and hands each new connection to its
 * instances in turn (round-robin), as a TCP load balancer in front of them would. Each instance is the whole server
 * -- its own pool, session cache, job worker and NOTIFY listener -- as README's "Running several instances" runs
 * them: the sessions the harness signed in on its own server are read from PostgreSQL by either.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type autocannon from 'autocannon';

/**
 * The mix, by the names of the run's own scenarios (their paths and accounts), each with how many requests of a
 * connection's cycle (20 in all) it is. Reads dominate, as in a working day; the public pages and the sign-up are the
 * families', the rest the staff's.
 */
export const MIXED_LOAD: readonly { scenario: RegExp; weight: number }[] = [
  { scenario: /^GET \/api\/user \(session\)$/, weight: 4 },
  { scenario: /^dashboard metrics · franquia$/, weight: 2 },
  { scenario: /^dashboard metrics · cliente$/, weight: 1 },
  { scenario: /^\/api\/leads page 1 · franquia$/, weight: 2 },
  { scenario: /^\/api\/leads page 1 · micro$/, weight: 1 },
  { scenario: /^\/api\/leads page 1 · vendedor$/, weight: 1 },
  { scenario: /^\/api\/leads page 1 · cliente$/, weight: 1 },
  { scenario: /^\/api\/leads q=conceicao · franqueador$/, weight: 1 },
  { scenario: /^\/api\/pre-matriculas page 1 · franquia$/, weight: 1 },
  { scenario: /^\/api\/matriculas page 1 · franquia$/, weight: 1 },
  { scenario: /^\/api\/eventos page 1 · cliente$/, weight: 1 },
  { scenario: /^\/api\/public\/eventos\S* \(public\)$/, weight: 2 },
  { scenario: /^POST \/api\/leads \(public\)$/, weight: 2 },
];

/** The rows the mixed load writes, by how many instances answered it. */
export const MIXED_LOAD_ROWS = {
  1: 'mixed load · one instance',
  2: 'mixed load · two instances behind one address',
} as const;

/** A scenario of the run, as much of it as the mix needs. */
export interface MixedScenario {
  name: string;
  method?: string;
  path: string;
  account?: string;
  body?: (n: number) => unknown;
}

/** The requests one connection sends in turn, each scenario as many times as its weight, interleaved. */
export function mixedRequests(
  scenarios: readonly MixedScenario[],
  cookies: Record<string, string>,
  /** The first sign-up's number: past those the run's other scenarios used. */
  firstN: number,
): { requests: autocannon.Request[]; names: string[] } {
  const picked = MIXED_LOAD.map(({ scenario, weight }) => {
    const found = scenarios.find((s) => scenario.test(s.name));
    if (!found) throw new Error(`the mixed load names a scenario the run does not have: ${scenario}`);
    return { found, weight };
  });
  let n = firstN;
  const one = ({ found }: (typeof picked)[number]): autocannon.Request => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (found.account) headers.cookie = cookies[found.account]!;
    const request: autocannon.Request = {
      method: (found.method ?? 'GET') as autocannon.Request['method'],
      path: found.path,
      headers,
    };
    // A sign-up names a new student each time (the same one twice is refused as a repeat).
    if (found.body) request.setupRequest = (r) => ({ ...r, body: JSON.stringify(found.body!(n++)) });
    return request;
  };
  // Round by round: each scenario once while its weight lasts, so the heavy ones are spread through the cycle.
  const requests: autocannon.Request[] = [];
  for (let round = 0; round < Math.max(...picked.map((p) => p.weight)); round++)
    for (const p of picked) if (round < p.weight) requests.push(one(p));
  return { requests, names: picked.map((p) => p.found.name) };
}

/** The pids of a process's children (an instance of the cluster). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.split(') ')[1]!.split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/** A primary and its instances of the built server, listening on one port. */
export interface Instances {
  /** The primary's pid and its instances': the CPU of all of them is the app's. */
  pids(): number[];
  /** Resolves once every instance listens; rejects if the primary exits first. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `count` instances of `serverJs` behind one port (node:cluster, round-robin). The primary forwards SIGTERM
 * to its instances, which close as the server does on it, and exits when the last one has.
 */
export function startInstances(serverJs: string, count: number, env: NodeJS.ProcessEnv): Instances {
  const primary = `
    const cluster = require('node:cluster');
    cluster.setupPrimary({ exec: ${JSON.stringify(serverJs)}, execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    for (let i = 0; i < ${count}; i++) cluster.fork();
    let listening = 0;
    cluster.on('listening', () => { if (++listening === ${count}) process.send('listening'); });
    let stopping = false;
    cluster.on('exit', (worker, code) => {
      if (!stopping) { console.error('an instance exited with ' + code); process.exit(1); }
      if (Object.keys(cluster.workers).length === 0) process.exit(0);
    });
    process.on('SIGTERM', () => { stopping = true; for (const w of Object.values(cluster.workers)) w.kill('SIGTERM'); });`;
  const child = spawn(process.execPath, ['-e', primary], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the instances exited during start-up (${code})`)));
  });
  return {
    ready,
    pids: () => [child.pid!, ...childrenOf(child.pid!)],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
