import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCpf } from '../../../src/shared/brazil-ids';

/**
 * The production server as a real process, for the faults that only a process shows: a signal, a kill -9, a
 * database that goes away under it. Runs the production bundle (BUILD_OUT_DIR, default dist/).
 */

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function serverBundle(): string {
  const out = resolve(ROOT, process.env.BUILD_OUT_DIR ?? 'dist');
  const file = join(out, 'server/server.js');
  if (!existsSync(file)) {
    throw new Error(`no production build in ${out}: run \`npm run build\` first (or set BUILD_OUT_DIR)`);
  }
  return file;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** The server's log, one JSON line each (LOG_LEVEL=info unless told otherwise). */
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** How long to wait for /api/health to answer 200. */
  readyTimeoutMs?: number;
  port?: number;
  /** The script node runs: the production bundle unless told otherwise (`npm start`'s scripts/start.mjs). */
  script?: string;
}

/**
 * Starts the production bundle on 127.0.0.1 and resolves once /api/health answers 200. The public forms' and
 * sign-in's rate limits are lifted: the faults send more requests from one address than a person would.
 */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [options.script ?? serverBundle()], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DEMO_DATA: '0',
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PUBLIC: '1000000000',
      RATE_LIMIT_LOGIN: '1000000000',
      ...options.env,
    },
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const lines = (into: string[]) => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      into.push(...parts);
    };
  };
  child.stdout!.on('data', lines(stdout));
  child.stderr!.on('data', lines(stderr));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) {
      throw new Error(`the server exited before answering:\n${stderr.join('\n')}\n${stdout.slice(-20).join('\n')}`);
    }
    const health = await send(baseUrl, { path: '/api/health' });
    if (health.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health in time:\n${stderr.join('\n')}`);
    }
    await sleep(50);
  }
  return {
    child,
    port,
    baseUrl,
    stdout,
    stderr,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return (await exited).code;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Requests, one connection each, so that "accepted" and "refused" are unambiguous.

export interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The whole answer arrived (its end was read); false on a reset, a hang-up or a refused connection. */
  complete: boolean;
  /** The socket error's code when there was one (ECONNREFUSED, ECONNRESET, ...). */
  error: string | null;
  startedAt: number;
  endedAt: number;
}

export interface SendOptions {
  method?: string;
  path: string;
  body?: unknown;
  cookie?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export function send(baseUrl: string, options: SendOptions): Promise<Answer> {
  const startedAt = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolveAnswer) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'startedAt' | 'endedAt'>) => {
      if (settled) return;
      settled = true;
      resolveAnswer({ ...answer, startedAt, endedAt: performance.now() });
    };
    const request = http.request(`${baseUrl}${options.path}`, {
      method: options.method ?? 'GET',
      agent: false,
      headers: {
        connection: 'close',
        ...(payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      timeout: options.timeoutMs ?? 30_000,
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, headers: {}, body: '', complete: false, error: error.code ?? error.message }),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          complete: response.complete,
          error: null,
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          status: response.statusCode ?? null,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          complete: false,
          error: error.code ?? error.message,
        }),
      );
    });
    request.end(payload);
  });
}

export async function loginCookie(baseUrl: string, email: string, password = 'demo1234'): Promise<string> {
  const answer = await send(baseUrl, { method: 'POST', path: '/api/login', body: { email, password } });
  const cookie = ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error(`no session cookie (${answer.status} ${answer.body})`);
  return cookie;
}

// ---------------------------------------------------------------------------------------------------------------
// The public sign-ups every fault writes

export async function openEventoIds(baseUrl: string): Promise<string[]> {
  const cidades = JSON.parse((await send(baseUrl, { path: '/api/public/cidades' })).body) as string[];
  const ids: string[] = [];
  for (const cidade of cidades) {
    const answer = await send(baseUrl, { path: `/api/public/eventos?cidade=${encodeURIComponent(cidade)}` });
    ids.push(...(JSON.parse(answer.body) as { id: string }[]).map((e) => e.id));
  }
  if (ids.length === 0) throw new Error('the demo network has no open event');
  return ids;
}

export function leadBody(eventoId: string, email: string) {
  return {
    eventoId,
    nomeAluno: `Aluno ${email}`,
    nomeResponsavel: 'Responsável Teste',
    email,
    telefone: '(19) 98888-7777',
    consentimento: true,
  };
}

/** A pre-matrícula whose student CPF is unique to `n` within one run tag. */
export function preMatriculaBody(eventoId: string, email: string, n: number) {
  const base9 = String(100_000_000 + ((n * 7919 + 13) % 899_999_999));
  return {
    eventoId,
    nomeAluno: `Aluno ${email}`,
    cpfAluno: makeCpf(base9),
    nomeResponsavel: 'Responsável Teste',
    cpfResponsavel: makeCpf('529982247'),
    email,
    telefone: '(19) 98888-7777',
    consentimento: true,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Data directories

/** A private copy of a data directory (the lock file left out). */
export function copyDataDir(from: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'faults-data-'));
  cpSync(from, dir, { recursive: true, filter: (source) => !source.endsWith('db.lock') });
  return dir;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * PostgreSQL's cluster state from global/pg_control (PGlite keeps a real one): 1 = shut down cleanly, 6 = in
 * production (what a crash leaves behind, so the next start replays the WAL).
 */
export function clusterState(dataDir: string): number {
  return readFileSync(join(dataDir, 'db/global/pg_control')).readInt32LE(16);
}
export const CLUSTER_SHUT_DOWN = 1;
