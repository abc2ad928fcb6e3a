import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../../src/server/plugins/error-handler';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import {
  leadBody,
  openEventoIds,
  send,
  sleep,
  startServer,
  type Answer,
  type ServerProcess,
} from '../support/server-process';

/**
 * PostgreSQL restarted under a stream of public sign-ups (issue 9, Faults), for real: a private cluster is
 * stopped and started twice, once cleanly (pg_ctl -m fast: every session ended with 57P01) and once as a crash
 * (-m immediate). Meanwhile the app answers 503 with its pt-BR message and Retry-After, /api/health says the
 * database is down; afterwards both recover by themselves, and every sign-up that got a 201 is in the database.
 */

interface SignUp extends Answer {
  email: string;
}

let cluster: PrivatePostgres | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  cluster?.destroy();
});

describe('PostgreSQL restarted under public sign-ups', () => {
  it('answers 503 meanwhile, recovers by itself and keeps every acknowledged sign-up', async () => {
    cluster = await startPrivatePostgres();
    server = await startServer({
      env: { NODE_ENV: 'development', DEMO_DATA: '1', DATABASE_URL: cluster.url, LOG_LEVEL: 'warn' },
      readyTimeoutMs: 180_000,
    });
    const { baseUrl } = server;
    const [eventoId] = await openEventoIds(baseUrl);

    const signUps: SignUp[] = [];
    const health: Answer[] = [];
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        const email = `pg.${++n}@exemplo.com.br`;
        const answer = await send(baseUrl, { method: 'POST', path: '/api/leads', body: leadBody(eventoId!, email) });
        signUps.push({ ...answer, email });
        // A client told to come back later does not hammer the server meanwhile.
        if (answer.status === 503) await sleep(100);
      }
    };
    const poller = (async () => {
      while (running) {
        health.push(await send(baseUrl, { path: '/api/health' }));
        await sleep(100);
      }
    })();
    const writers = [writer(), writer(), writer(), writer()];

    const outages: { mode: 'fast' | 'immediate'; down: number; up: number }[] = [];
    for (const mode of ['fast', 'immediate'] as const) {
      await sleep(2000);
      const down = performance.now();
      cluster.stop(mode);
      await sleep(3000);
      cluster.start();
      const up = performance.now();
      outages.push({ mode, down, up });
    }
    await sleep(4000);
    running = false;
    await Promise.all([...writers, poller]);

    // The server lived through it, and ends cleanly.
    expect(server.child.exitCode).toBeNull();

    const statuses = new Map<string, number>();
    for (const s of signUps)
      statuses.set(String(s.status ?? s.error), (statuses.get(String(s.status ?? s.error)) ?? 0) + 1);
    const figures = outages.map(({ mode, down, up }) => {
      const during = signUps.filter((s) => s.endedAt > down && s.startedAt < up);
      const firstCreated = signUps.find((s) => s.startedAt >= up && s.status === 201);
      const firstHealthy = health.find((h) => h.startedAt >= up && h.status === 200);
      return {
        mode,
        unavailable: during.filter((s) => s.status === 503).length,
        healthDown: health.some((h) => h.endedAt > down && h.startedAt < up && h.status === 503),
        signUpRecoveryMs: firstCreated ? Math.round(firstCreated.endedAt - up) : null,
        healthRecoveryMs: firstHealthy ? Math.round(firstHealthy.endedAt - up) : null,
      };
    });
    const acknowledged = signUps.filter((s) => s.status === 201).map((s) => s.email);
    console.log(
      `PostgreSQL restarts: ${signUps.length} sign-ups sent (${[...statuses].map(([k, v]) => `${v}× ${k}`).join(', ')}); ` +
        figures
          .map(
            (f) =>
              `${f.mode}: ${f.unavailable} answered 503, sign-ups back ${f.signUpRecoveryMs} ms and health back ` +
              `${f.healthRecoveryMs} ms after PostgreSQL accepted connections again`,
          )
          .join('; '),
    );

    // Only two answers ever: created, or 503 with the pt-BR message and Retry-After. Never a 500, never a hang-up.
    expect([...statuses.keys()].sort()).toEqual(['201', '503']);
    for (const s of signUps.filter((a) => a.status === 503)) {
      expect(JSON.parse(s.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(s.headers['retry-after']).toBe('5');
    }
    for (const h of health.filter((a) => a.status !== 200)) {
      expect(h.status).toBe(503);
      expect(JSON.parse(h.body)).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    for (const f of figures) {
      expect(f.unavailable).toBeGreaterThan(0);
      expect(f.healthDown).toBe(true);
      // Back by itself, without a restart of the app.
      expect(f.signUpRecoveryMs).not.toBeNull();
      expect(f.healthRecoveryMs).not.toBeNull();
      expect(f.signUpRecoveryMs!).toBeLessThan(10_000);
    }
    expect(health.at(-1)?.status).toBe(200);

    // Every sign-up that got a 201 is in the database.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from leads where email = any($1::text[])',
        [acknowledged],
      );
      expect(rows[0]!.n).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
  });
});
