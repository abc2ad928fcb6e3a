/**
 * `npm run soak`: a long run of mixed load against the production server, to see what grows with time.
 *
 * Builds the production bundle (in .builds/soak), starts it on a fresh embedded database with the demo network,
 * and keeps a steady rate of what people do: staff and alunos sign in, read their lists, the dashboard and
 * /api/user, and mostly sign out (some just close the browser); visitors sign up on the public pages. Every
 * SOAK_SAMPLE_SECONDS it samples the server's RSS and heap, the p99 of the window and the sessions table's row
 * count; at the end it prints the slopes (least squares, after the warm-up) and writes everything as JSON to
 * bench/results/soak-<time>.json. Not part of CI.
 *
 *   npm run soak                                  # 30 minutes at 150 requests/s
 *   SOAK_MINUTES=5 SOAK_RPS=80 npm run soak       # a shorter, lighter run
 *
 * SOAK_URL aims it at a server already running instead (memory then comes from /proc/SOAK_PID when given, and
 * the session count from DATABASE_URL when given).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/seed/demo-network';
import { makeCpf } from '../src/shared/brazil-ids';
import type { Role } from '../src/shared/roles';

const root = fileURLToPath(new URL('..', import.meta.url));
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const MINUTES = number('SOAK_MINUTES', 30);
const RPS = number('SOAK_RPS', 150);
const SAMPLE_SECONDS = number('SOAK_SAMPLE_SECONDS', 30);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 120);
const CONCURRENCY = number('SOAK_CONCURRENCY', 24);
/** Share of signed-in visits that end without signing out (a closed tab): their sessions stay until expiry. */
const ABANDON = Number(process.env.SOAK_ABANDON ?? 0.1);
/** Share of visits that are a public sign-up instead of a signed-in visit. */
const PUBLIC_SHARE = Number(process.env.SOAK_PUBLIC_SHARE ?? 0.25);
const PORT = number('SOAK_PORT', 5396);
const external = process.env.SOAK_URL;
const base = (external ?? `http://127.0.0.1:${PORT}`).replace(/\/+$/, '');

// ---------------------------------------------------------------------------------------------------------------
// The server

interface MemorySample {
  rss: number | null;
  heapUsed: number | null;
  sessions: number | null;
}

interface Server {
  sample(): Promise<MemorySample>;
  stop(): Promise<number | null>;
}

async function waitForHealth(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer ${base}/api/health`);
    await sleep(200);
  }
}

async function startServer(): Promise<Server> {
  const out = join(root, process.env.BUILD_OUT_DIR ?? '.builds/soak');
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_OUT_DIR: out },
  });
  if (build.status !== 0) throw new Error('build failed');
  const dataDir = process.env.SOAK_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'soak-data-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', join(root, 'scripts/soak-probe.mjs'), join(out, 'server/server.js')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        // The load signs in and signs up far more often than one person would, all from one address.
        RATE_LIMIT_LOGIN: '1000000000',
        RATE_LIMIT_PUBLIC: '1000000000',
      },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    waitForHealth(120_000),
    exited.then((code) => Promise.reject(new Error(`the server exited with ${code}`))),
  ]);
  let nextId = 0;
  return {
    sample() {
      const id = ++nextId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ rss: null, heapUsed: null, sessions: null }), 5000);
        const onMessage = (message: { type?: string; id?: number } & MemorySample) => {
          if (message?.type !== 'sample' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({ rss: message.rss, heapUsed: message.heapUsed, sessions: message.sessions });
        };
        child.on('message', onMessage);
        child.send({ type: 'sample', id });
      });
    },
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (!process.env.SOAK_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A server someone else started: memory from /proc when its pid is known, sessions through DATABASE_URL. */
async function attachToServer(): Promise<Server> {
  await waitForHealth(10_000);
  const pid = process.env.SOAK_PID;
  const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 }) : null;
  return {
    async sample() {
      let rss: number | null = null;
      if (pid) {
        const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
        rss = match ? Number(match[1]) * 1024 : null;
      }
      const sessions = pool ? Number((await pool.query('select count(*) as n from sessions')).rows[0].n) : null;
      return { rss, heapUsed: null, sessions };
    },
    async stop() {
      await pool?.end();
      return null;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The load

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A steady rate: each request takes the next slot, whatever the number of workers waiting. */
let nextSlot = performance.now();
async function slot(): Promise<void> {
  const now = performance.now();
  nextSlot = Math.max(nextSlot + 1000 / RPS, now - 1000);
  const wait = nextSlot - now;
  if (wait > 0) await sleep(wait);
}

interface Window {
  latencies: number[];
  byKind: Map<string, number[]>;
  errors: number;
  statuses: Map<number, number>;
}
const newWindow = (): Window => ({ latencies: [], byKind: new Map(), errors: 0, statuses: new Map() });
let window = newWindow();
const totals = { requests: 0, errors: 0, logins: 0, logouts: 0, abandoned: 0, signUps: 0 };
const errorSamples: string[] = [];

async function call(
  kind: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; expect?: number[] } = {},
): Promise<Response | null> {
  await slot();
  const started = performance.now();
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  let response: Response | null = null;
  let failure: string | null = null;
  try {
    response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    await response.arrayBuffer();
    const expected = init.expect ?? [200];
    if (!expected.includes(response.status)) failure = `${kind} ${path} -> ${response.status}`;
  } catch (error) {
    failure = `${kind} ${path} -> ${(error as Error).message}`;
  }
  const elapsed = performance.now() - started;
  totals.requests++;
  window.latencies.push(elapsed);
  const list = window.byKind.get(kind) ?? [];
  list.push(elapsed);
  window.byKind.set(kind, list);
  if (response) window.statuses.set(response.status, (window.statuses.get(response.status) ?? 0) + 1);
  if (failure) {
    totals.errors++;
    window.errors++;
    if (errorSamples.length < 20) errorSamples.push(failure);
  }
  return response;
}

/** What each role opens in a visit (its lists, the dashboard and who it is). */
const READS: Record<Role, string[]> = {
  franqueador: [
    '/api/dashboard/metrics',
    '/api/franquias',
    '/api/leads?page=1&pageSize=50',
    '/api/pre-matriculas?page=1&pageSize=50',
    '/api/matriculas?page=1&pageSize=50',
    '/api/eventos',
    '/api/sac/tickets',
    '/api/usuarios',
  ],
  franquia: ['/api/dashboard/metrics', '/api/micro-franquias', '/api/leads', '/api/eventos', '/api/sac/tickets'],
  micro_franquia: ['/api/dashboard/metrics', '/api/clientes', '/api/leads', '/api/pre-matriculas', '/api/eventos'],
  vendedor: ['/api/dashboard/metrics', '/api/clientes', '/api/leads', '/api/pre-matriculas', '/api/eventos'],
  cliente: ['/api/dashboard/metrics', '/api/cursos', '/api/eventos', '/api/leads', '/api/leads/resumo'],
  aluno: ['/api/dashboard/metrics', '/api/pre-matriculas', '/api/matriculas'],
};
const ROLES = Object.keys(READS) as Role[];

async function signedInVisit(): Promise<void> {
  const role = pick(ROLES);
  const login = await call('login', '/api/login', {
    method: 'POST',
    body: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD },
  });
  const cookie = login?.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sid='));
  if (!cookie) return;
  totals.logins++;
  await call('user', '/api/user', { cookie });
  const reads = 8 + Math.floor(Math.random() * 16);
  for (let i = 0; i < reads; i++) {
    const path = Math.random() < 0.15 ? '/api/user' : pick(READS[role]);
    await call(path === '/api/user' ? 'user' : path.includes('dashboard') ? 'dashboard' : 'list', path, { cookie });
  }
  if (Math.random() < ABANDON) {
    totals.abandoned++;
    return;
  }
  await call('logout', '/api/logout', { method: 'POST', cookie, expect: [200, 204] });
  totals.logouts++;
}

let eventos: { id: string; cidade: string }[] = [];
let cidades: string[] = [];

async function loadOpenEventos(): Promise<void> {
  cidades = (await (await fetch(`${base}/api/public/cidades`)).json()) as string[];
  eventos = [];
  for (const cidade of cidades) {
    const list = (await (await fetch(`${base}/api/public/eventos?cidade=${encodeURIComponent(cidade)}`)).json()) as {
      id: string;
    }[];
    eventos.push(...list.map((e) => ({ id: e.id, cidade })));
  }
  if (eventos.length === 0) throw new Error('no open event to sign up for');
}

let signUpCounter = 0;
async function publicVisit(): Promise<void> {
  const evento = pick(eventos);
  await call('public-read', '/api/public/cidades');
  await call('public-read', `/api/public/eventos?cidade=${encodeURIComponent(evento.cidade)}`);
  const n = ++signUpCounter;
  const email = `soak.${process.pid}.${n}@exemplo.com.br`;
  const nomeAluno = `Aluno Soak ${n}`;
  const lead = await call('sign-up', '/api/leads', {
    method: 'POST',
    expect: [201],
    body: {
      eventoId: evento.id,
      nomeAluno,
      nomeResponsavel: 'Responsável Soak',
      email,
      telefone: '(19) 98888-7777',
      consentimento: true,
    },
  });
  if (lead?.status === 201) totals.signUps++;
  if (Math.random() < 0.4) {
    const response = await call('sign-up', '/api/pre-matriculas', {
      method: 'POST',
      expect: [201],
      body: {
        eventoId: evento.id,
        nomeAluno,
        cpfAluno: makeCpf(String(100_000_000 + ((n * 7919) % 899_999_999)).slice(0, 9)),
        nomeResponsavel: 'Responsável Soak',
        cpfResponsavel: makeCpf(String(200_000_000 + ((n * 104_729) % 799_999_999)).slice(0, 9)),
        email,
        telefone: '(19) 98888-7777',
        consentimento: true,
      },
    });
    if (response?.status === 201) totals.signUps++;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sampling and slopes

interface Sample {
  minute: number;
  rssMb: number | null;
  heapMb: number | null;
  sessions: number | null;
  requests: number;
  rps: number;
  p50: number | null;
  p99: number | null;
  p99ByKind: Record<string, number | null>;
  errors: number;
}

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

/** Least-squares slope of y per minute, over the samples that have a value. */
function slope(samples: Sample[], y: (s: Sample) => number | null): number | null {
  const points = samples.flatMap((s) => {
    const value = y(s);
    return value === null ? [] : [[s.minute, value] as const];
  });
  if (points.length < 3) return null;
  const mx = points.reduce((a, [x]) => a + x, 0) / points.length;
  const my = points.reduce((a, [, v]) => a + v, 0) / points.length;
  const sxy = points.reduce((a, [x, v]) => a + (x - mx) * (v - my), 0);
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? null : sxy / sxx;
}

const mb = (bytes: number | null) => (bytes === null ? null : Math.round((bytes / 1024 / 1024) * 10) / 10);
const fixed = (value: number | null, digits = 2) => (value === null ? 'n/a' : value.toFixed(digits));

async function main(): Promise<void> {
  const server = external ? await attachToServer() : await startServer();
  await loadOpenEventos();
  console.log(
    `soak: ${MINUTES} min at ${RPS} req/s, ${CONCURRENCY} workers, sample every ${SAMPLE_SECONDS} s, ` +
      `${eventos.length} open events, ${Math.round(PUBLIC_SHARE * 100)}% public visits, ` +
      `${Math.round(ABANDON * 100)}% of sign-ins never sign out`,
  );
  const started = performance.now();
  const endAt = started + MINUTES * 60_000;
  const samples: Sample[] = [];
  const warmup = await server.sample();
  const first: Sample = {
    minute: 0,
    rssMb: mb(warmup.rss),
    heapMb: mb(warmup.heapUsed),
    sessions: warmup.sessions,
    requests: 0,
    rps: 0,
    p50: null,
    p99: null,
    p99ByKind: {},
    errors: 0,
  };
  samples.push(first);

  let running = true;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (running) {
      if (Math.random() < PUBLIC_SHARE) await publicVisit();
      else await signedInVisit();
    }
  });

  let windowStarted = performance.now();
  while (performance.now() < endAt) {
    await sleep(Math.min(SAMPLE_SECONDS * 1000, endAt - performance.now()));
    const closed = window;
    window = newWindow();
    const seconds = (performance.now() - windowStarted) / 1000;
    windowStarted = performance.now();
    const memory = await server.sample();
    const sample: Sample = {
      minute: Math.round(((performance.now() - started) / 60_000) * 100) / 100,
      rssMb: mb(memory.rss),
      heapMb: mb(memory.heapUsed),
      sessions: memory.sessions,
      requests: closed.latencies.length,
      rps: Math.round(closed.latencies.length / seconds),
      p50: percentile(closed.latencies, 50),
      p99: percentile(closed.latencies, 99),
      p99ByKind: Object.fromEntries([...closed.byKind].map(([kind, values]) => [kind, percentile(values, 99)])),
      errors: closed.errors,
    };
    samples.push(sample);
    console.log(
      `${sample.minute.toFixed(1).padStart(6)} min  ${String(sample.rps).padStart(4)} req/s  ` +
        `p50 ${fixed(sample.p50, 1).padStart(6)} ms  p99 ${fixed(sample.p99, 1).padStart(7)} ms  ` +
        `rss ${fixed(sample.rssMb, 1)} MB  heap ${fixed(sample.heapMb, 1)} MB  sessions ${sample.sessions ?? 'n/a'}  ` +
        `errors ${sample.errors}`,
    );
  }
  running = false;
  await Promise.all(workers);
  const exitCode = await server.stop();

  const settled = samples.filter((s) => s.minute * 60 >= WARMUP_SECONDS);
  const minutes = (performance.now() - started) / 60_000;
  const slopes = {
    rssMbPerMin: slope(settled, (s) => s.rssMb),
    heapMbPerMin: slope(settled, (s) => s.heapMb),
    p99MsPerMin: slope(settled, (s) => s.p99),
    sessionsRowsPerMin: slope(settled, (s) => s.sessions),
    /** What the abandoned sign-ins alone should add: anything above it would be a leak. */
    expectedSessionsRowsPerMin: totals.abandoned / minutes,
  };
  const result = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 1024 ** 3) },
    settings: {
      minutes: MINUTES,
      rps: RPS,
      concurrency: CONCURRENCY,
      sampleSeconds: SAMPLE_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      publicShare: PUBLIC_SHARE,
      abandon: ABANDON,
      database: external ? 'external' : 'embedded (PGlite)',
    },
    totals: { ...totals, achievedRps: Math.round(totals.requests / (minutes * 60)) },
    slopes,
    serverExitCode: exitCode,
    errorSamples,
    samples,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const file = join(root, `bench/results/soak-${result.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `\n${totals.requests} requests in ${minutes.toFixed(1)} min (${result.totals.achievedRps} req/s), ` +
      `${totals.errors} errors, ${totals.logins} sign-ins (${totals.abandoned} never signed out), ` +
      `${totals.signUps} public sign-ups`,
  );
  console.log(`slopes after the first ${WARMUP_SECONDS} s (least squares over ${settled.length} samples):`);
  console.log(`  RSS       ${fixed(slopes.rssMbPerMin, 3)} MB/min`);
  console.log(`  heap      ${fixed(slopes.heapMbPerMin, 3)} MB/min`);
  console.log(`  p99       ${fixed(slopes.p99MsPerMin, 3)} ms/min`);
  console.log(
    `  sessions  ${fixed(slopes.sessionsRowsPerMin, 2)} rows/min ` +
      `(abandoned sign-ins alone: ${fixed(slopes.expectedSessionsRowsPerMin, 2)} rows/min)`,
  );
  console.log(`server exit code ${exitCode ?? 'n/a'}; written to ${file}`);
  if (totals.errors > 0) {
    console.warn(`errors (first ${errorSamples.length}):\n  ${errorSamples.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
