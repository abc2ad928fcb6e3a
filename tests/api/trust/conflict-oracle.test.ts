import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../../setup/test-app';
import { clientePayload, empresaPayload } from '../../support/network-payloads';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';

/**
 * A 409 "Email já cadastrado" tells whether an address has an account. Staff need the answer, so it stays; but
 * past RATE_LIMIT_CONFLICTS of them in 15 minutes an account's writes wait (issue "Trust, second round").
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_CONFLICTS: '3' });
});
afterAll(() => ctx.close());

describe('409 answers are limited per account', () => {
  it('after 3 conflicts the account waits; another account does not', async () => {
    const micro = await loginAs(ctx.app, 'micro_franquia');
    const probe = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/clientes',
        headers: { cookie: micro },
        payload: clientePayload({ email }),
      });
    for (const email of [DEMO_ACCOUNTS.franqueador, DEMO_ACCOUNTS.franquia, DEMO_ACCOUNTS.vendedor]) {
      expect((await probe(email)).statusCode).toBe(409);
    }
    const fourth = await probe(DEMO_ACCOUNTS.aluno);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Reads go on; the window's end lets writes through again.
    expect((await ctx.app.inject({ url: '/api/clientes', headers: { cookie: micro } })).statusCode).toBe(200);
    const franquia = await loginAs(ctx.app, 'franquia');
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/micro-franquias',
      headers: { cookie: franquia },
      payload: empresaPayload(),
    });
    expect(other.statusCode).toBe(201);
    ctx.clock.advance(15 * 60 * 1000);
    expect((await probe(`livre.${Date.now()}@exemplo.com.br`)).statusCode).toBe(201);
  });
});
