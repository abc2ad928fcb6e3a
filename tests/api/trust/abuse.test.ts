import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCpf } from '../../../src/shared/brazil-ids';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';
import { eventos, leads, preMatriculas } from '../../../src/server/db/schema';
import { MESSAGES } from '../../../src/server/lib/http-error';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { unique } from '../../support/unique';

/**
 * Issue 9, abuse: the rate limits DESIGN §4.2 sets, with the default configuration — login 10 per 15 min per
 * address and e-mail, forgot-password 5 per hour per address, each public form 30 per minute per address — answer
 * the next request 429 with the pt-BR message and a Retry-After within the window, and nothing the caller
 * controls (X-Forwarded-For, the e-mail's case or spaces, another e-mail) resets a counter. Behind a proxy
 * (TRUST_PROXY=1) the address is the one the proxy appended, not one the client wrote.
 * Also proven: tests/redis/shared-rate-limit.test.ts (two instances share the counters through Redis),
 * src/server/modules/public/public.routes.test.ts (a lowered public limit, per address).
 */

let ctx: TestContext;
let eventoId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await ctx.handle.db
    .select({ id: eventos.id })
    .from(eventos)
    .where(and(eq(eventos.cidade, 'Campinas'), eq(eventos.status, 'agendado')));
  eventoId = row!.id;
});
afterAll(() => ctx.close());

let forgedCounter = 0;
/** A different, plausible client address every call, as a forger would write it. */
const forgedFor = () => `203.0.${Math.floor(forgedCounter / 250) % 250}.${(forgedCounter++ % 250) + 1}`;

function post(
  url: string,
  payload: object,
  remoteAddress: string,
  headers: Record<string, string> = {},
  app = ctx.app,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload, remoteAddress, headers });
}

function expectRefused(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: MESSAGES.tooManyRequests });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const cpf = () => makeCpf(String(randomInt(100_000_000, 999_999_999)));
const leadBody = () => ({
  eventoId,
  nomeAluno: `Aluno ${unique()}`,
  nomeResponsavel: 'Responsável Teste',
  email: `abuso.${unique()}@email.com`,
  telefone: '(19) 98765-4321',
  consentimento: true,
});
const activationBody = () => ({ ...leadBody(), cpfAluno: cpf(), cpfResponsavel: cpf() });

describe('login: 10 attempts per 15 minutes per address and e-mail', () => {
  it('stops guessing a real account: after 10 wrong passwords even the right one answers 429', async () => {
    const ip = '192.0.2.30';
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/api/login', { email: DEMO_ACCOUNTS.cliente, password: `errada-${i}` }, ip);
      expect(wrong.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const right = await post('/api/login', { email: DEMO_ACCOUNTS.cliente, password: DEMO_PASSWORD }, ip);
    expectRefused(right, 15 * 60);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('is not reset by a forged X-Forwarded-For, nor by the e-mail written in other case or with spaces', async () => {
    const ip = '192.0.2.31';
    const variants = ['alvo@demo.com.br', 'ALVO@demo.com.br', ' Alvo@Demo.Com.Br ', 'alvo@DEMO.COM.BR'];
    for (let i = 0; i < 10; i++) {
      const response = await post('/api/login', { email: variants[i % variants.length]!, password: 'errada' }, ip, {
        'x-forwarded-for': forgedFor(),
      });
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    for (const email of variants) {
      expectRefused(
        await post('/api/login', { email, password: 'errada' }, ip, { 'x-forwarded-for': forgedFor() }),
        15 * 60,
      );
    }
  });
});

describe('forgot-password: 5 per hour per address', () => {
  it('answers the 6th 429 whatever the e-mail and the X-Forwarded-For', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 5; i++) {
      const response = await post('/api/auth/forgot-password', { email: `pedido${i}@demo.com.br` }, ip, {
        'x-forwarded-for': forgedFor(),
      });
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    for (const email of [DEMO_ACCOUNTS.franqueador, 'outro@demo.com.br']) {
      expectRefused(
        await post('/api/auth/forgot-password', { email }, ip, { 'x-forwarded-for': forgedFor() }),
        60 * 60,
      );
    }
    await ctx.app.background.drain();
    // Another address is counted on its own.
    expect((await post('/api/auth/forgot-password', { email: 'x@demo.com.br' }, '192.0.2.41')).statusCode).toBe(200);
    await ctx.app.background.drain();
  });
});

describe('reset-password: 10 per 15 minutes per address', () => {
  it('answers the 11th token guess 429', async () => {
    const ip = '192.0.2.45';
    for (let i = 0; i < 10; i++) {
      const guess = await post('/api/auth/reset-password', { token: `chute-${i}`, newPassword: 'abcdef' }, ip, {
        'x-forwarded-for': forgedFor(),
      });
      expect(guess.statusCode, `guess ${i + 1}`).toBe(400);
    }
    expectRefused(
      await post('/api/auth/reset-password', { token: 'chute-11', newPassword: 'abcdef' }, ip, {
        'x-forwarded-for': forgedFor(),
      }),
      15 * 60,
    );
  });
});

describe('public forms: 30 per minute per address, each form', () => {
  const count = async (table: typeof leads | typeof preMatriculas) =>
    (await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it.each([
    { url: '/api/leads', body: leadBody, table: leads, ip: '192.0.2.50' },
    { url: '/api/pre-matriculas', body: activationBody, table: preMatriculas, ip: '192.0.2.51' },
  ])(
    '$url takes 30 sign-ups, then answers 429 and stores nothing, whatever the X-Forwarded-For',
    async ({ url, body, table, ip }) => {
      for (let i = 0; i < 30; i++) {
        const response = await post(url, body(), ip, { 'x-forwarded-for': forgedFor() });
        expect(response.statusCode, `sign-up ${i + 1}: ${response.body}`).toBe(201);
      }
      const before = await count(table);
      const refused = await post(url, body(), ip, { 'x-forwarded-for': forgedFor() });
      expectRefused(refused, 60);
      expect(await count(table)).toBe(before);
      // Another address is counted on its own.
      expect((await post(url, body(), `${ip}0`)).statusCode).toBe(201);
    },
  );

  it('counts each form apart: an address that filled one form can still fill the other', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < 30; i++) expect((await post('/api/leads', leadBody(), ip)).statusCode).toBe(201);
    expect((await post('/api/leads', leadBody(), ip)).statusCode).toBe(429);
    expect((await post('/api/pre-matriculas', activationBody(), ip)).statusCode).toBe(201);
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => proxied.close());

  const proxy = '10.0.0.2';
  const via = (client: string) => ({ 'x-forwarded-for': `${forgedFor()}, ${forgedFor()}, ${client}` });

  it('counts the address the proxy appended, not the ones the client wrote before it', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await post(
        '/api/auth/forgot-password',
        { email: `p${i}@demo.com.br` },
        proxy,
        via('198.51.100.23'),
        proxied.app,
      );
      expect(response.statusCode, `request ${i + 1}`).toBe(200);
    }
    expectRefused(
      await post('/api/auth/forgot-password', { email: 'p9@demo.com.br' }, proxy, via('198.51.100.23'), proxied.app),
      60 * 60,
    );
    // Another client behind the same proxy is not affected.
    const other = await post(
      '/api/auth/forgot-password',
      { email: 'p9@demo.com.br' },
      proxy,
      via('198.51.100.24'),
      proxied.app,
    );
    expect(other.statusCode).toBe(200);
    await proxied.app.background.drain();
  });
});
