import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app';

/**
 * /metrics's database pool figures (issue 22) read from the real node-postgres pool: how many connections are
 * open and idle, and how many queries wait for one while the pool is exhausted. Needs PostgreSQL: included when
 * TEST_DATABASE_URL is set (.ci/run sets it). The test app's pool holds 5 connections.
 */

const TOKEN = 'metricas-token-de-teste-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

async function pool(): Promise<Record<string, number>> {
  const text = (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const figures: Record<string, number> = {};
  for (const match of text.matchAll(/^db_pool_(connections\{state="(\w+)"\}|max) (\d+)$/gm)) {
    figures[match[2] ?? 'max'] = Number(match[3]);
  }
  return figures;
}

describe('the database pool on /metrics', () => {
  it('reports the pool size, its open and idle connections, and the queries waiting for one', async () => {
    await ctx.app.inject({ url: '/api/health' });
    const idle = await pool();
    expect(idle.max).toBe(5);
    expect(idle.total).toBeGreaterThanOrEqual(1);
    expect(idle.waiting).toBe(0);

    // Seven slow queries on five connections: five run, two wait.
    // (A drizzle query starts when it is awaited: `then` sends each one now.)
    const slow = Array.from({ length: 7 }, () => ctx.handle.db.execute(sql`select pg_sleep(0.6)`).then(() => 1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const busy = await pool();
    expect(busy.total).toBe(5);
    expect(busy.idle).toBe(0);
    expect(busy.waiting).toBe(2);
    await Promise.all(slow);
    expect((await pool()).waiting).toBe(0);
  });
});
