import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmLinkFrom,
  createTestApp,
  login,
  loginAs,
  readOutbox,
  resetLinkFrom,
  type TestContext,
} from '../../setup/test-app';
import { clientePayload } from '../../support/network-payloads';
import { AUTH_MESSAGES } from '../../../src/shared/schemas/auth';

/**
 * A reset link is a key to an account: it dies with the mailbox it was sent to and with the account's switch.
 * A micro-franquia creates a school, the school asks for a link, then the account changes under it.
 */

let ctx: TestContext;
let microFranquia: string;

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMIT_FORGOT_PASSWORD: '1000', RATE_LIMIT_LOGIN: '1000' });
  microFranquia = await loginAs(ctx.app, 'micro_franquia');
});
afterAll(() => ctx.close());

async function schoolWithResetLink() {
  const payload = clientePayload();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/clientes',
    headers: { cookie: microFranquia },
    payload,
  });
  expect(created.statusCode).toBe(201);
  await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: payload.email } });
  await ctx.app.background.drain();
  const token = new URL(resetLinkFrom(readOutbox(ctx.dataDir).at(-1)!)).searchParams.get('token')!;
  return { id: created.json().id as string, payload, token };
}

const patch = (id: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/clientes/${id}`, headers: { cookie: microFranquia }, payload });
const reset = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword: 'nova-senha-42', confirmPassword: 'nova-senha-42' },
  });

describe('reset links die with the mailbox and the switch they were issued under', () => {
  it('a link sent before the login e-mail changed no longer works', async () => {
    const school = await schoolWithResetLink();
    // The school changes its own login e-mail and confirms it from the new mailbox.
    const session = await login(ctx.app, school.payload.email as string, school.payload.password as string);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/email',
      headers: { cookie: session },
      payload: { email: `novo.${school.payload.email}`, password: school.payload.password },
    });
    expect(asked.statusCode).toBe(202);
    await ctx.app.background.drain();
    const confirm = confirmLinkFrom(readOutbox(ctx.dataDir).at(-1)!);
    expect((await ctx.app.inject({ method: 'GET', url: confirm })).statusCode).toBe(200);
    const response = await reset(school.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it('an edit that keeps the e-mail keeps the link', async () => {
    const school = await schoolWithResetLink();
    const { password: _password, ...edit } = { ...school.payload, telefone: '11912345678' };
    expect((await patch(school.id, edit)).statusCode).toBe(200);
    expect((await reset(school.token)).statusCode).toBe(200);
  });

  it('a switched-off account cannot be reset, and switching it on again does not revive the link', async () => {
    const school = await schoolWithResetLink();
    expect((await patch(school.id, { isActive: false })).statusCode).toBe(200);
    const whileOff = await reset(school.token);
    expect(whileOff.statusCode).toBe(400);
    expect((await patch(school.id, { isActive: true })).statusCode).toBe(200);
    const afterOn = await reset(school.token);
    expect(afterOn.statusCode).toBe(400);
    expect(afterOn.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
    // The school still signs in with the password it had.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: school.payload.email, password: school.payload.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
