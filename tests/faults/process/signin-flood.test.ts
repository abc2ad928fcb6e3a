import { fork } from 'node:child_process';
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
/**
 * The real users sign in for at least this long under the flood, and until at least SIGN_INS of them are in; the
 * flood is stopped when they are done. On a slow day of the CI machine (the suite beside it on both cores) a sign-in
 * took seconds, and a fixed 9-second window saw 2 of them: the count depends on the machine, the property does not.
 */
const MIN_SECONDS = 9;
const SIGN_INS = 11;
/** The flood ends by itself after this long, whatever the loop is doing (the test then fails on its count). */
const MAX_SECONDS = 90;
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
    const flood = fork(join(ROOT, 'tests/faults/support/login-flood.mjs'), [
      `${server.baseUrl}/api/login`,
      ATTACKER,
      String(MAX_SECONDS),
    ]);
    const floodResult = new Promise<{ requests: { total: number }; non2xx: number; statusCodeStats?: object }>(
      (resolve, reject) => {
        flood.once('message', (result) => resolve(result as never));
        flood.once('exit', (code) => reject(new Error(`the flood ended without a result (exit ${code})`)));
      },
    );

    await sleep(1_500); // the flood is under way
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    while ((n < SIGN_INS || elapsed() < MIN_SECONDS) && elapsed() < MAX_SECONDS - 3) {
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
    const seconds = elapsed() + 1.5;
    flood.send('stop');
    const attack = await floodResult;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `sign-in flood: ${attack.requests.total} attacker requests in ${seconds.toFixed(1)} s; ` +
        `${latencies.length} real sign-ins, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(attack.requests.total).toBeGreaterThan(1_000);
    // At most the route's 10 tries a quarter-hour reach the password check; the rest is refused.
    expect(attack.non2xx).toBe(attack.requests.total);
    expect(JSON.stringify(attack.statusCodeStats ?? {})).toContain('"429"');
    expect(latencies.length).toBeGreaterThanOrEqual(SIGN_INS);
    expect(statuses.get(200)).toBe(latencies.length);
  });
});
