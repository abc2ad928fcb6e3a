import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyDataDir, removeDir, ROOT, send, sleep, startServer, type ServerProcess } from '../support/server-process';

/**
 * Sign-in under a flood from one address (issue "Trust, second round", finding 5): while autocannon, in a process
 * of its own, sends wrong passwords from one address as fast as the server answers, every real user signing in
 * from its own address gets in, and the flood is answered 429. The server runs the production bundle with its
 * default limits; the proxy hop is trusted so each caller's address comes from X-Forwarded-For. The latencies are
 * printed, not asserted (timed figures belong to benchmarks): on the 2-core CI machine the flood client itself
 * takes one core, which a remote attacker would not.
 */

const ATTACKER = '203.0.113.66';
const FLOOD_SECONDS = 12;
const ACCOUNTS = ['franqueador', 'franquia', 'micro', 'vendedor', 'cliente'].map((name) => `${name}@demo.com.br`);

let dataDir: string;
let server: ServerProcess;

beforeAll(() => {
  dataDir = copyDataDir(inject('demoDataDir'));
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(dataDir);
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe('sign-in under a flood from one address', () => {
  it('lets every real user in while the flood from one address is answered 429', async () => {
    server = await startServer({
      env: { DATA_DIR: dataDir, TRUST_PROXY: '1', RATE_LIMIT_LOGIN: '10', LOG_LEVEL: 'warn' },
    });
    const flood = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/autocannon/autocannon.js'),
        '--connections',
        '32',
        '--duration',
        String(FLOOD_SECONDS),
        '--method',
        'POST',
        '--headers',
        'content-type=application/json',
        '--headers',
        `x-forwarded-for=${ATTACKER}`,
        '--body',
        JSON.stringify({ email: 'chute@exemplo.com.br', password: 'senha-errada' }),
        '--json',
        `${server.baseUrl}/api/login`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let report = '';
    flood.stdout.on('data', (chunk: Buffer) => (report += chunk.toString('utf8')));
    const floodEnded = new Promise<void>((resolve) => flood.on('exit', () => resolve()));

    await sleep(1_500); // the flood is under way
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    const until = performance.now() + (FLOOD_SECONDS - 3) * 1000;
    while (performance.now() < until) {
      const email = ACCOUNTS[n % ACCOUNTS.length]!;
      const answer = await send(server.baseUrl, {
        method: 'POST',
        path: '/api/login',
        body: { email, password: 'demo1234' },
        headers: { 'x-forwarded-for': `198.51.100.${(n % 200) + 1}` },
      });
      n += 1;
      const status = answer.status ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.push(answer.endedAt - answer.startedAt);
    }
    await floodEnded;
    const attack = JSON.parse(report) as { requests: { total: number }; non2xx: number; statusCodeStats?: object };
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `sign-in flood: ${attack.requests.total} attacker requests in ${FLOOD_SECONDS} s; ` +
        `${latencies.length} real sign-ins, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(attack.requests.total).toBeGreaterThan(1_000);
    // At most the route's 10 tries a quarter-hour reach the password check; the rest is refused.
    expect(attack.non2xx).toBe(attack.requests.total);
    expect(JSON.stringify(attack.statusCodeStats ?? {})).toContain('"429"');
    expect(latencies.length).toBeGreaterThan(10);
    expect(statuses.get(200)).toBe(latencies.length);
  });
});
