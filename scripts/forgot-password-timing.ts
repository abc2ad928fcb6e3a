// Measures whether POST /api/auth/forgot-password answers an existing e-mail and an unknown one in the same time
// (issue 9), and prints the median and p95 of each and their gaps.
//
//   npx tsx scripts/forgot-password-timing.ts [requests per kind, default 200]
//
// The app runs in this process on a fresh embedded database with the demo network (or on DATABASE_URL's
// PostgreSQL: an empty database gets the demo network; one with users must hold the demo accounts already),
// listening on a real socket. A client in a worker thread sends the requests over HTTP keep-alive, one at a
// time, existing and unknown e-mails shuffled with a fixed seed so drift and warm-up hit both alike. Two clocks:
// the client's (request to last byte) and the server's (request arrival to the answer handed to the operating
// system). The same functions run in tests/api/trust/passwords.test.ts with a bound.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

export interface TimingSide {
  samples: number;
  medianMs: number;
  p95Ms: number;
}

export interface TimingGap {
  known: TimingSide;
  unknown: TimingSide;
  /** known minus unknown: positive when an existing e-mail is slower. */
  medianGapMs: number;
  p95GapMs: number;
  /**
   * The Hodges-Lehmann shift: the median of every difference between a known and an unknown time. The estimate a
   * bound should hold: on a loaded machine the times fall in two heaps (answered at once, or after the scheduler
   * gave the core to another process), and a median jumps between heaps by whichever kind drew a few more late
   * turns, where this one moves only by the share of them.
   */
  shiftMs: number;
}

export interface TimingReport {
  /** As the client sees it: from sending the request to the last byte of the answer. */
  client: TimingGap;
  /** As the server sees it: from the request's arrival to the last byte handed to the operating system. */
  server?: TimingGap;
  /**
   * The request sent right after an existing e-mail's minus the one sent right after an unknown one's, whatever
   * their own kind: the work left for after the answer still runs on the same server. Meaningful back to back.
   */
  nextRequestMedianGapMs: number;
}

/** The demo network's sign-in addresses (src/server/db/seed/demo-network.ts). */
export const KNOWN_EMAILS = [
  'franqueador@demo.com.br',
  'franquia@demo.com.br',
  'franquia.mg@demo.com.br',
  'micro@demo.com.br',
  'micro.santos@demo.com.br',
  'micro.contagem@demo.com.br',
  'vendedor@demo.com.br',
  'cliente@demo.com.br',
  'cliente.valinhos@demo.com.br',
  'cliente.contagem@demo.com.br',
  'aluno@demo.com.br',
];

const FORGOT_PASSWORD = '/api/auth/forgot-password';

/** A small seeded generator (mulberry32), so every run shuffles the same way. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(sorted: number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

function summarize(values: number[]): TimingSide {
  const sorted = [...values].sort((a, b) => a - b);
  return { samples: values.length, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95) };
}

function gap(times: number[], order: boolean[]): TimingGap {
  const knownTimes = times.filter((_, i) => order[i]);
  const unknownTimes = times.filter((_, i) => !order[i]);
  const known = summarize(knownTimes);
  const unknown = summarize(unknownTimes);
  const differences = knownTimes.flatMap((k) => unknownTimes.map((u) => k - u)).sort((a, b) => a - b);
  return {
    known,
    unknown,
    medianGapMs: known.medianMs - unknown.medianMs,
    p95GapMs: known.p95Ms - unknown.p95Ms,
    shiftMs: quantile(differences, 0.5),
  };
}

/**
 * The server's clock: records, in arrival order, how long each forgot-password request took from its arrival to
 * the moment the last byte of its answer was handed to the operating system. Install before the app is ready.
 */
export function installServerTimer(app: FastifyInstance, path = FORGOT_PASSWORD): { take(): number[] } {
  let times: number[] = [];
  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== path) return;
    const started = process.hrtime.bigint();
    const slot = times.length;
    times.push(Number.NaN);
    reply.raw.once('finish', () => {
      times[slot] = Number(process.hrtime.bigint() - started) / 1e6;
    });
  });
  return {
    take() {
      const taken = times;
      times = [];
      return taken;
    },
  };
}

/**
 * The client: runs in a worker thread, with its own event loop, so the server's work after an answer cannot
 * delay the client reading that answer (as it would if both shared one thread). Plain JavaScript, evaluated as
 * it is. With `settle`, it waits for the main thread's go-ahead after each answer.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, order, emails, warmup, settle } = workerData;
let unknownCounter = 0;
const goAhead = () => new Promise((resolve) => parentPort.once('message', resolve));
async function send(known, index) {
  const email = known ? emails[index % emails.length] : 'ninguem.' + (unknownCounter++).toString(36) + '@demo.com.br';
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error('forgot-password answered ' + response.status);
  if (settle) {
    parentPort.postMessage({ type: 'answered' });
    await goAhead();
  }
  return elapsed;
}
(async () => {
  for (let i = 0; i < warmup; i++) await send(i % 2 === 0, i);
  const times = [];
  for (let i = 0; i < order.length; i++) times.push(await send(order[i], i));
  parentPort.postMessage({ type: 'done', times });
})().catch((error) => parentPort.postMessage({ type: 'done', error: String(error) }));
`;

/**
 * Sends `samples` requests for existing e-mails and as many for unknown ones to the app (listening on a real
 * socket; started here if it is not), one at a time, interleaved in a seeded random order after a warm-up.
 * `settle` lets the work each request leaves for after its answer finish before the next request goes out, so
 * each time is that answer's own; without it requests go back to back, as an impatient client sends them. The
 * app's forgot-password rate limit must allow them all (RATE_LIMIT_FORGOT_PASSWORD).
 */
export async function measureForgotPasswordTiming(
  app: FastifyInstance,
  options: {
    samples?: number;
    warmup?: number;
    seed?: number;
    settle?: boolean;
    path?: string;
    /** The addresses on record the route is asked about (default: the demo network's sign-in addresses). */
    emails?: readonly string[];
    serverTimer?: { take(): number[] };
  } = {},
): Promise<TimingReport> {
  const samples = options.samples ?? 200;
  const warmup = options.warmup ?? 20;
  const random = seeded(options.seed ?? 20240909);
  const address = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    : await app.listen({ port: 0, host: '127.0.0.1' });

  const order = [...Array<boolean>(samples).fill(true), ...Array<boolean>(samples).fill(false)];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }

  options.serverTimer?.take();
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: {
      url: `${address}${options.path ?? FORGOT_PASSWORD}`,
      order,
      emails: options.emails ?? KNOWN_EMAILS,
      warmup,
      settle: options.settle ?? false,
    },
  });
  const result = await new Promise<{ times?: number[]; error?: string }>((resolve, reject) => {
    worker.on('message', (message: { type: string; times?: number[]; error?: string }) => {
      if (message.type === 'done') resolve(message);
      else void app.background.drain().then(() => worker.postMessage('go'));
    });
    worker.once('error', reject);
  });
  await worker.terminate();
  await app.background.drain();
  if (!result.times) throw new Error(result.error ?? 'the timing client stopped');
  const times = result.times;
  const serverTimes = options.serverTimer?.take().slice(warmup);

  const afterKnown: number[] = [];
  const afterUnknown: number[] = [];
  for (let i = 1; i < order.length; i++) (order[i - 1] ? afterKnown : afterUnknown).push(times[i]!);
  return {
    client: gap(times, order),
    ...(serverTimes && serverTimes.length === order.length ? { server: gap(serverTimes, order) } : {}),
    nextRequestMedianGapMs: summarize(afterKnown).medianMs - summarize(afterUnknown).medianMs,
  };
}

/**
 * Times the work the route leaves for after its answer (the look-up, the token and the e-mail), per kind: the
 * gap the answers would show if that work were done before answering.
 */
export async function measureInlineWork(
  app: FastifyInstance,
  samples = 50,
): Promise<{ knownMedianMs: number; unknownMedianMs: number }> {
  const { requestPasswordReset } = await import('../src/server/modules/auth/auth.service');
  const time = async (email: string) => {
    const started = performance.now();
    await requestPasswordReset(app, email);
    return performance.now() - started;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < samples; i++) {
    known.push(await time(KNOWN_EMAILS[i % KNOWN_EMAILS.length]!));
    unknown.push(await time(`inline.${i}@demo.com.br`));
  }
  return { knownMedianMs: summarize(known).medianMs, unknownMedianMs: summarize(unknown).medianMs };
}

async function main() {
  const samples = Number(process.argv[2] ?? 200);
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { connectPostgres, migratePostgres } = await import('../src/server/db/postgres');
  const { newPglite, openPglite } = await import('../src/server/db/pglite');
  const { loadDemoNetwork } = await import('../src/server/db/seed/demo-network');

  const dataDir = mkdtempSync(join(tmpdir(), 'forgot-timing-'));
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await migratePostgres(databaseUrl);
  const handle = databaseUrl ? await connectPostgres(databaseUrl) : await openPglite(newPglite());
  await loadDemoNetwork(handle.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FORGOT_PASSWORD: String(10 * samples + 100),
  });
  const app = await buildApp(config, { db: handle.db });
  const serverTimer = installServerTimer(app);
  try {
    const settled = await measureForgotPasswordTiming(app, { samples, settle: true, serverTimer });
    const backToBack = await measureForgotPasswordTiming(app, { samples, seed: 7, serverTimer });
    const inline = await measureInlineWork(app);
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    const line = (label: string, g: TimingGap) =>
      console.log(
        `  ${label.padEnd(34)} existing median ${f(g.known.medianMs)} p95 ${f(g.known.p95Ms)} | unknown median ` +
          `${f(g.unknown.medianMs)} p95 ${f(g.unknown.p95Ms)} | gap median ${f(g.medianGapMs)} p95 ${f(g.p95GapMs)} shift ${f(g.shiftMs)}`,
      );
    console.log(
      `forgot-password timing on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${samples} requests per kind ` +
        `(gap = existing e-mail minus unknown)`,
    );
    line('one at a time, client clock', settled.client);
    if (settled.server) line('one at a time, server clock', settled.server);
    line('back to back, client clock', backToBack.client);
    if (backToBack.server) line('back to back, server clock', backToBack.server);
    console.log(
      `  back to back, the request after an existing e-mail's minus after an unknown one's: median ` +
        f(backToBack.nextRequestMedianGapMs),
    );
    console.log(
      `  work left for after the answer (the gap answering after it would show): existing ` +
        `${f(inline.knownMedianMs)}, unknown ${f(inline.unknownMedianMs)} (medians of 50)`,
    );
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
