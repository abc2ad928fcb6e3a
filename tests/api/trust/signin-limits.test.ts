import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';

/**
 * Sign-in limits that one address cannot flush (issue "Trust, second round", finding 5), with the defaults:
 * 100 failures per address in 15 minutes across accounts, and past 20 failures of one account from anywhere a
 * doubling wait, which an address that signed in to that account before does not have.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('per address, across accounts', () => {
  it('after 100 failures on 100 accounts, the address waits, even with a right password; others do not', async () => {
    const attacker = '203.0.113.7';
    for (let i = 0; i < 100; i++) {
      const response = await login(`alvo${i}@exemplo.com.br`, 'chute123', attacker);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(DEMO_ACCOUNTS.franquia, DEMO_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(DEMO_ACCOUNTS.franquia, DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });
});

describe('per account, across addresses', () => {
  it('past 20 failures from anywhere each try waits longer (1 s, 2 s …), but the owner’s own address does not', async () => {
    const victim = DEMO_ACCOUNTS.vendedor;
    const owner = '198.51.100.50';
    expect((await login(victim, DEMO_PASSWORD, owner)).statusCode).toBe(200);
    // 20 failures, each from a new address (as a botnet would), under the per-address and route limits.
    for (let i = 0; i < 20; i++) {
      expect((await login(victim, 'chute123', `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    // The next stranger waits 1 s; once its try counts, the next waits 2 s.
    const first = await login(victim, 'chute123', '192.0.2.100');
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(1);
    ctx.clock.advance(1_000);
    expect((await login(victim, 'chute123', '192.0.2.101')).statusCode).toBe(401);
    const second = await login(victim, 'chute123', '192.0.2.102');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(2);
    ctx.clock.advance(2_000);
    expect((await login(victim, 'chute123', '192.0.2.103')).statusCode).toBe(401);
    expect((await login(victim, DEMO_PASSWORD, '192.0.2.104')).statusCode).toBe(429);
    // The owner, from an address it signed in from before, is not held back, and its sign-in clears the wait.
    expect((await login(victim, DEMO_PASSWORD, owner)).statusCode).toBe(200);
    expect((await login(victim, DEMO_PASSWORD, '192.0.2.105')).statusCode).toBe(200);
  });

  it('an unknown e-mail counts like a known one', async () => {
    const ghost = 'ninguem.aqui@exemplo.com.br';
    for (let i = 0; i < 21; i++) await login(ghost, 'chute123', `192.0.2.${150 + i}`);
    expect((await login(ghost, 'chute123', '192.0.2.200')).statusCode).toBe(429);
  });
});

/**
 * Limits that no flood flushes (issue 39, item 5): @fastify/rate-limit's in-memory store kept 5,000 keys and
 * dropped the oldest, so 5,100 throwaway sign-ins from a second address reset the per-address-and-e-mail counter
 * of the first (429 before, a plain 401 after). Each store now spills to the database instead of forgetting.
 */
describe('a flood of throwaway keys', () => {
  const victim = 'alvo.da.enxurrada@exemplo.com.br';
  const first = '203.0.113.40';
  const flooder = '203.0.113.41';

  async function exhaustThenFlood(app: TestContext, flood: number) {
    for (let i = 0; i < 10; i++) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim, password: 'chute123' },
        remoteAddress: first,
      });
      expect(response.statusCode).toBe(401);
    }
    const again = () =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim, password: 'chute123' },
        remoteAddress: first,
      });
    expect((await again()).statusCode).toBe(429);
    const statuses = new Set<number>();
    for (let i = 0; i < flood; i++) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `descartavel${i}@exemplo.com.br`, password: 'chute123' },
        remoteAddress: flooder,
      });
      statuses.add(response.statusCode);
    }
    // The flood itself was answered: 401s, then the per-address guard's 429s.
    expect([...statuses].sort()).toEqual([401, 429]);
    return again();
  }

  it('5,100 throwaway sign-ins from a second address leave the first one waiting (the default store)', async () => {
    const flooded = await createTestApp();
    try {
      const after = await exhaustThenFlood(flooded, 5_100);
      expect(after.statusCode).toBe(429);
      expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await flooded.close();
    }
  }, 900_000);

  it('a flood four times the memory spills to the database and still leaves every counter as it was', async () => {
    const flooded = await createTestApp({}, { rateLimitMemoryKeys: 250 });
    try {
      expect((await exhaustThenFlood(flooded, 1_000)).statusCode).toBe(429);
      // A public form's per-address counter, flooded the same way from other addresses.
      const form = (remoteAddress: string) =>
        flooded.app.inject({ method: 'POST', url: '/api/leads', payload: {}, remoteAddress });
      for (let i = 0; i < 30; i++) expect((await form('203.0.113.50')).statusCode).toBe(400);
      expect((await form('203.0.113.50')).statusCode).toBe(429);
      for (let i = 0; i < 600; i++) await form(`10.0.${Math.floor(i / 250)}.${i % 250}`);
      expect((await form('203.0.113.50')).statusCode).toBe(429);
    } finally {
      await flooded.close();
    }
  }, 900_000);
});
