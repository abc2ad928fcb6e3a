import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/demo-network';
import { createMetrics } from '../lib/metrics';
import { createTestApp, loginAs, type TestContext } from '../../../tests/setup/test-app';
import { registerJobsGauge, UNMATCHED_ROUTE } from './metrics';

/** /metrics (issue 22): Prometheus's format, closed without METRICS_TOKEN or METRICS_PORT. */

const TOKEN = 'metricas-token-de-teste-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of one sample line, e.g. `mail_sent_total 1`, or undefined when the line is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = line.match(/^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  let mailFails = false;
  beforeAll(async () => {
    ctx = await createTestApp(
      { METRICS_TOKEN: TOKEN, RATE_LIMIT_FORGOT_PASSWORD: '1' },
      {
        mailer: {
          async send() {
            if (mailFails) throw new Error('SMTP recusou');
          },
        },
      },
    );
  });
  afterAll(() => ctx.close());

  const scrape = () => ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });

  it('answers 404, as an unknown route, without the token or with a wrong one', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/nao-existe' });
    for (const headers of [
      {},
      bearer('errado'),
      bearer(`${TOKEN}x`),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
      expect(response.body).not.toContain('http_request');
    }
  });

  it('answers the Prometheus text format with the bearer token', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    // Node's event-loop lag and the process's figures.
    expect(sample(response.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(response.body).toContain('process_resident_memory_bytes');
  });

  it('times each request by its route pattern and status, never by its URL', async () => {
    const cookie = await loginAs(ctx.app, 'franqueador');
    const id = randomUUID();
    const unmatched = () =>
      scrape().then((r) => sample(r.body, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE }) ?? 0);
    const unmatchedBefore = await unmatched();
    const one = await ctx.app.inject({ method: 'GET', url: `/api/clientes/${id}?q=segredo`, headers: { cookie } });
    expect(one.statusCode).toBe(404);
    await ctx.app.inject({
      method: 'GET',
      url: `/api/clientes?q=${encodeURIComponent('maria@exemplo.com')}`,
      headers: { cookie },
    });
    await ctx.app.inject({ method: 'GET', url: `/rota/${id}/inexistente` });
    const text = (await scrape()).body;
    const labels = { method: 'GET', route: '/api/clientes/:id', status_code: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/clientes', status_code: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/login', status_code: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(
      unmatchedBefore + 1,
    );
    // No id, query or e-mail reaches a label: every route label is a declared pattern.
    expect(text).not.toContain(id);
    expect(text).not.toContain('segredo');
    expect(text).not.toContain('exemplo.com');
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!));
    const patterns = new Set([...ctx.app.routeAccess.map((route) => route.url), '/metrics', UNMATCHED_ROUTE]);
    expect([...routes].filter((route) => !patterns.has(route))).toEqual([]);
  });

  it('counts rate-limit refusals by route, and e-mails sent and failed', async () => {
    const forgot = () =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO_ACCOUNTS.cliente } });
    expect((await forgot()).statusCode).toBe(200);
    await ctx.app.background.drain();
    mailFails = true;
    ctx.app.background.run(() => ctx.app.mailer.send({ to: 'x@exemplo.com', subject: 's', text: 't', html: 'h' }));
    await ctx.app.background.drain();
    mailFails = false;
    expect((await forgot()).statusCode).toBe(429);
    expect((await forgot()).statusCode).toBe(429);
    const text = (await scrape()).body;
    expect(sample(text, 'http_rate_limit_refusals_total', { route: '/api/auth/forgot-password' })).toBe(2);
    expect(sample(text, 'mail_sent_total')).toBe(1);
    expect(sample(text, 'mail_failed_total')).toBe(1);
  });

  it('reports jobs by state from the source the jobs module registers', async () => {
    expect((await scrape()).body).toContain('# TYPE jobs_by_state gauge');
    let failed = 2;
    registerJobsGauge(ctx.app, async () => [
      { queue: 'email', state: 'pendente', count: 5 },
      { queue: 'email', state: 'falhou', count: failed },
    ]);
    expect(sample((await scrape()).body, 'jobs_by_state', { queue: 'email', state: 'pendente' })).toBe(5);
    failed = 0;
    expect(sample((await scrape()).body, 'jobs_by_state', { queue: 'email', state: 'falhou' })).toBe(0);
  });
});

describe('jobs_by_state on the real app (issue 39, item 11)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Two tries with a mailer that always fails: the e-mail waits after the first and is a dead letter after both.
    ctx = await createTestApp(
      { METRICS_TOKEN: TOKEN, JOBS_MAX_TENTATIVAS: '2', JOBS_ESPERA_BASE_MS: '1000' },
      {
        mailer: {
          async send() {
            throw new Error('SMTP recusou');
          },
        },
      },
    );
  });
  afterAll(() => ctx.close());

  const jobs = async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).body;
    return (queue: string, state: string) => sample(text, 'jobs_by_state', { queue, state });
  };

  it('shows every queue waiting, running and failed, and follows an e-mail from waiting to failed', async () => {
    const before = await jobs();
    for (const queue of ['email', 'webhook', 'exportacao', 'retencao', 'limpeza']) {
      for (const state of ['pendente', 'executando', 'falhou']) expect(before(queue, state)).toBeTypeOf('number');
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: DEMO_ACCOUNTS.cliente },
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.background.drain();
    const waiting = await jobs();
    expect(waiting('email', 'pendente')).toBe(before('email', 'pendente')! + 1);
    expect(waiting('email', 'falhou')).toBe(before('email', 'falhou'));

    ctx.clock.advance(60_000);
    await ctx.app.background.drain();
    const failed = await jobs();
    expect(failed('email', 'pendente')).toBe(before('email', 'pendente'));
    expect(failed('email', 'falhou')).toBe(before('email', 'falhou')! + 1);
  });
});

describe('/metrics on METRICS_PORT', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_PORT: '0' });
  });
  afterAll(() => ctx.close());

  it('serves /metrics alone on its own port, while the app port answers 404 without a token', async () => {
    const server = await ctx.app.listenForMetrics(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health', status_code: '200' })).toBe(1);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    // The app's own port: no token configured, so /metrics does not exist there.
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    await ctx.app.close();
    expect(server.listening).toBe(false);
  });
});

describe('/metrics closed by default', () => {
  it('answers 404 whatever the header when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const ctx = await createTestApp();
    try {
      for (const headers of [{}, bearer(TOKEN), bearer('')]) {
        expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers })).statusCode).toBe(404);
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('the database pool gauge', () => {
  it("reads the pool's figures at each scrape", async () => {
    const pool = { totalCount: 3, idleCount: 1, waitingCount: 4, max: 20 };
    const metrics = createMetrics({ pool, processMetrics: false });
    let text = await metrics.registry.metrics();
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBe(3);
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBe(1);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(4);
    expect(sample(text, 'db_pool_max')).toBe(20);
    pool.waitingCount = 0;
    text = await metrics.registry.metrics();
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});
