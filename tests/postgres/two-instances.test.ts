import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import { createTestApp, login, loginAs, type TestContext } from '../setup/test-app';

/**
 * Two server instances behind one PostgreSQL (issue 9): a session made on one is valid on the other, and ending
 * it on one ends it on both, although each instance caches the sessions it reads (plugins/sessions/session-cache.ts).
 * Needs PostgreSQL: included when TEST_DATABASE_URL is set (.ci/run sets it).
 */

let a: TestContext;
let bHandle: DatabaseHandle;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp();
  bHandle = await connectPostgres(a.databaseUrl!, 5);
  b = await buildApp(a.config, { db: bHandle.db, listen: bHandle.listen });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bHandle.close();
  await a.close();
});

const user = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/user', headers: { cookie } });

/** How long until the other instance refuses the cookie; fails past a second. */
async function msUntilRefused(app: FastifyInstance, cookie: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = (await user(app, cookie)).statusCode;
    const elapsed = performance.now() - started;
    if (status === 401) return elapsed;
    expect(status).toBe(200);
    if (elapsed > 1000) throw new Error('the other instance still accepts the session after 1 s');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('two instances, one PostgreSQL', () => {
  it('accepts on one instance the session made on the other', async () => {
    const cookie = await loginAs(a.app, 'cliente');
    const answer = await user(b, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: 'cliente@demo.com.br' });
  });

  it('ends on both the session logged out on one, even while the other holds it in its cache', async () => {
    const cookie = await loginAs(a.app, 'franquia');
    // Read on B twice: the second answer comes from B's cache.
    expect((await user(b, cookie)).statusCode).toBe(200);
    expect((await user(b, cookie)).statusCode).toBe(200);
    const logout = await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await user(a.app, cookie)).statusCode).toBe(401);
    expect(await msUntilRefused(b, cookie)).toBeLessThan(1000);
  });

  it('ends on the other instance every session of a user deactivated on one', async () => {
    const cookie = await login(a.app, 'micro.contagem@demo.com.br');
    expect((await user(b, cookie)).statusCode).toBe(200);
    const admin = await loginAs(b, 'franqueador');
    const list = await b.inject({ url: '/api/usuarios?q=micro.contagem', headers: { cookie: admin } });
    const target = (list.json() as { id: string; email: string }[]).find(
      (u) => u.email === 'micro.contagem@demo.com.br',
    );
    const off = await b.inject({
      method: 'PATCH',
      url: `/api/usuarios/${target!.id}`,
      headers: { cookie: admin },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    // B made the change: its own cache drops the user at once; A hears it from the database.
    expect((await user(b, cookie)).statusCode).toBe(401);
    expect(await msUntilRefused(a.app, cookie)).toBeLessThan(1000);
  });
});
