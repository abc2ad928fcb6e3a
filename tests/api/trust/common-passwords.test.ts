import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, readOutbox, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { clientePayload, empresaPayload, vendedorPayload } from '../../support/network-payloads';
import { PASSWORD_MESSAGES } from '../../../src/shared/schemas/fields';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';

/** New passwords are checked against a list of common ones on the server; SPEC's 6-character minimum stays. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_FORGOT_PASSWORD: '1000' });
});
afterAll(() => ctx.close());

const refused = { message: PASSWORD_MESSAGES.tooCommon, errors: { password: PASSWORD_MESSAGES.tooCommon } };

describe('a common password is refused wherever a password is set', () => {
  it('on every account a company or a vendedor is created with', async () => {
    const calls = [
      { role: 'franqueador' as const, url: '/api/franquias', body: empresaPayload({ password: 'senha123' }) },
      { role: 'franquia' as const, url: '/api/micro-franquias', body: empresaPayload({ password: 'Senha123' }) },
      { role: 'micro_franquia' as const, url: '/api/clientes', body: clientePayload({ password: '12345678' }) },
      { role: 'micro_franquia' as const, url: '/api/vendedores', body: vendedorPayload({ password: 'qwerty' }) },
    ];
    for (const { role, url, body } of calls) {
      const cookie = await loginAs(ctx.app, role);
      const response = await ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: body });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(refused);
      const ok = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        payload: { ...body, password: 'segredo123' },
      });
      expect(ok.statusCode, url).toBe(201);
    }
  });

  it('on a reset, before the link is spent', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: DEMO_ACCOUNTS.vendedor },
    });
    await ctx.app.background.drain();
    const token = new URL(resetLinkFrom(readOutbox(ctx.dataDir).at(-1)!)).searchParams.get('token')!;
    const reset = (newPassword: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
    const common = await reset('password1');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      message: PASSWORD_MESSAGES.tooCommon,
      errors: { newPassword: PASSWORD_MESSAGES.tooCommon },
    });
    expect((await reset('uma-senha-rara-42')).statusCode).toBe(200);
  });
});
