import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestContext } from '../setup/test-app';

/**
 * With REDIS_URL, several instances share the rate-limit counters (README, "Running several instances").
 * Runs when TEST_REDIS_URL is set (CI sets it when Redis answers on 127.0.0.1:6379).
 */
const redisUrl = process.env.TEST_REDIS_URL!;
let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  first = await createTestApp({ REDIS_URL: redisUrl });
  second = await createTestApp({ REDIS_URL: redisUrl });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('rate limits across instances', () => {
  it('counts sign-in attempts from one address on both instances together', async () => {
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'alvo.redis@demo.com.br', password: 'errada' },
        remoteAddress: '198.51.100.7',
      });
    for (let i = 0; i < 5; i++) expect((await attempt(first)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(second)).statusCode).toBe(401);
    const blockedOnFirst = await attempt(first);
    const blockedOnSecond = await attempt(second);
    expect(blockedOnFirst.statusCode).toBe(429);
    expect(blockedOnSecond.statusCode).toBe(429);
    expect(blockedOnSecond.json().message).toMatch(/Muitas tentativas/);
  });
});

describe('sign-in guard across instances', () => {
  it("counts one account's failures from many addresses on both instances together (a store no instance can flush)", async () => {
    const victim = 'alvo.redis@exemplo.com.br';
    for (let i = 0; i < 20; i++) {
      const ctx = i % 2 === 0 ? first : second;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim, password: 'chute123' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    for (const ctx of [first, second]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim, password: 'chute123' },
        remoteAddress: '192.0.2.99',
      });
      expect(response.statusCode).toBe(429);
    }
  });
});
