import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth';
import { ROLES } from '../../../shared/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { sessions, users } from '../../db/schema';
import { MESSAGES } from '../../lib/http-error';
import {
  APP_URL,
  createTestApp,
  login,
  readOutbox,
  resetLinkFrom,
  sessionCookie,
  type TestContext,
} from '../../../../tests/setup/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Each call comes from its own address unless a test names one, so rate limits only bite where tested.
let nextAddress = 1;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: remoteAddress ?? `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  });

async function tokenFromLatestEmail(): Promise<string> {
  await ctx.app.background.drain();
  const mails = readOutbox(ctx.dataDir);
  return new URL(resetLinkFrom(mails.at(-1)!)).searchParams.get('token')!;
}

describe('GET /api/user', () => {
  it('answers 401 with a pt-BR message when nobody is signed in', async () => {
    const response = await ctx.app.inject({ url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it('ignores an unknown session cookie', async () => {
    const response = await ctx.app.inject({ url: '/api/user', headers: { cookie: 'sid=forged' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/login', () => {
  it.each(ROLES)('signs in the demo %s and answers the user without secrets', async (role) => {
    const response = await post('/api/login', { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), email: DEMO_ACCOUNTS[role], nome: expect.any(String), role });
    const me = await ctx.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(response) } });
    expect(me.json()).toEqual(body);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, 7 days ahead', async () => {
    const response = await post('/api/login', { email: DEMO_ACCOUNTS.cliente, password: DEMO_PASSWORD });
    const cookie = response.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('stores only a digest of the token', async () => {
    const response = await post('/api/login', { email: DEMO_ACCOUNTS.vendedor, password: DEMO_PASSWORD });
    const token = sessionCookie(response).slice(4);
    const stored = await ctx.handle.db.select({ id: sessions.id }).from(sessions);
    expect(stored.some((s) => s.id === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.id))).toBe(true);
  });

  it('accepts the e-mail in any case', async () => {
    const response = await post('/api/login', { email: 'Franquia@Demo.com.BR', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers one message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await post('/api/login', { email: DEMO_ACCOUNTS.franquia, password: 'errada123' });
    const unknown = await post('/api/login', { email: 'ninguem@demo.com.br', password: 'errada123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive user with 403', async () => {
    await ctx.handle.db.update(users).set({ isActive: false }).where(eq(users.email, 'micro.santos@demo.com.br'));
    const response = await post('/api/login', { email: 'micro.santos@demo.com.br', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.inactiveUser });
  });

  it('ends the session of a user deactivated while signed in', async () => {
    const cookie = await login(ctx.app, 'micro.contagem@demo.com.br');
    await ctx.handle.db.update(users).set({ isActive: false }).where(eq(users.email, 'micro.contagem@demo.com.br'));
    const response = await ctx.app.inject({ url: '/api/user', headers: { cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('creates a new session at every login and drops the one the browser brought', async () => {
    const first = await login(ctx.app, DEMO_ACCOUNTS.franqueador);
    const again = await post(
      '/api/login',
      { email: DEMO_ACCOUNTS.franqueador, password: DEMO_PASSWORD },
      { cookie: first },
    );
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: second } })).statusCode).toBe(200);
  });

  it.each([
    ['no body', undefined, 400],
    ['an invalid e-mail', { email: 'não-é-email', password: 'x' }, 400],
    ['no password', { email: DEMO_ACCOUNTS.cliente }, 400],
    ['a number for the e-mail', { email: 42, password: 'x' }, 400],
  ])('answers %s with 400 and pt-BR messages per field', async (_, payload, status) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      ...(payload ? { payload } : {}),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(/[a-zà-ú]/i);
    expect(response.json().message).not.toMatch(/expected|required|invalid_type/i);
  });

  it('answers malformed JSON, other content types and oversized bodies with 4xx, never 5xx', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.invalidJson });

    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: MESSAGES.unsupportedMediaType });

    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.bodyTooLarge });
  });

  it('refuses a mutation from another origin', async () => {
    const response = await post(
      '/api/login',
      { email: DEMO_ACCOUNTS.cliente, password: DEMO_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.originRefused });
    const same = await post(
      '/api/login',
      { email: DEMO_ACCOUNTS.cliente, password: DEMO_PASSWORD },
      { origin: APP_URL },
    );
    expect(same.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('expire after 7 idle days and are renewed by use', async () => {
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.cliente);
    ctx.clock.advance(6 * 86_400_000);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    ctx.clock.advance(6 * 86_400_000);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    ctx.clock.advance(8 * 86_400_000);
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server', async () => {
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.franquia);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists, and mails only a real account', async () => {
    const before = readOutbox(ctx.dataDir).length;
    const known = await post('/api/auth/forgot-password', { email: DEMO_ACCOUNTS.vendedor });
    const unknown = await post('/api/auth/forgot-password', { email: 'nao.existe@demo.com.br' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    await ctx.app.background.drain();
    const mails = readOutbox(ctx.dataDir).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${DEMO_ACCOUNTS.vendedor}`);
    expect(mails[0]).toContain('Subject: =?UTF-8?Q?Redefini=C3=A7=C3=A3o_de_senha?=');
  });

  it('builds the link from APP_URL, never from the Host header', async () => {
    await post('/api/auth/forgot-password', { email: DEMO_ACCOUNTS.aluno }, { host: 'evil.example' });
    await ctx.app.background.drain();
    const link = resetLinkFrom(readOutbox(ctx.dataDir).at(-1)!);
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
  });

  it('sets the new password once, ends every session, and refuses the old password and the used link', async () => {
    const email = DEMO_ACCOUNTS.micro_franquia;
    const openSession = await login(ctx.app, email);
    await post('/api/auth/forgot-password', { email });
    const token = await tokenFromLatestEmail();

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'nova-senha-1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.resetSuccess });

    expect((await ctx.app.inject({ url: '/api/user', headers: { cookie: openSession } })).statusCode).toBe(401);
    expect((await post('/api/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { email, password: 'nova-senha-1' })).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'outra-senha' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it('voids an older link when a newer one is issued', async () => {
    const email = DEMO_ACCOUNTS.franquia;
    await post('/api/auth/forgot-password', { email });
    const older = await tokenFromLatestEmail();
    await post('/api/auth/forgot-password', { email });
    const newer = await tokenFromLatestEmail();
    expect(newer).not.toBe(older);
    expect((await post('/api/auth/reset-password', { token: older, newPassword: 'abcdef' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: newer, newPassword: 'abcdef' })).statusCode).toBe(200);
  });

  it('expires a link after one hour', async () => {
    await post('/api/auth/forgot-password', { email: 'cliente.valinhos@demo.com.br' });
    const token = await tokenFromLatestEmail();
    ctx.clock.advance(61 * 60 * 1000);
    const response = await post('/api/auth/reset-password', { token, newPassword: 'abcdef' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
  });

  it('tells on opening whether a link still works: live, then used, then expired (issue 23)', async () => {
    const estado = async (token: string) => {
      const response = await ctx.app.inject({
        url: `/api/auth/reset-password/estado?token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      return response.json();
    };
    await post('/api/auth/forgot-password', { email: 'cliente.valinhos@demo.com.br' });
    const used = await tokenFromLatestEmail();
    expect(await estado(used)).toEqual({ valido: true });
    // Asking changes nothing: the link still sets the password, once.
    expect(
      (await post('/api/auth/reset-password', { token: used, newPassword: 'Nova-Senha-Forte-1' })).statusCode,
    ).toBe(200);
    expect(await estado(used)).toEqual({ valido: false });

    await post('/api/auth/forgot-password', { email: 'cliente.valinhos@demo.com.br' });
    const expired = await tokenFromLatestEmail();
    ctx.clock.advance(61 * 60 * 1000);
    expect(await estado(expired)).toEqual({ valido: false });
    expect(await estado('bogus')).toEqual({ valido: false });
    const empty = await ctx.app.inject({ url: '/api/auth/reset-password/estado?token=' });
    expect(empty.statusCode).toBe(400);
  });

  it('validates the new password with SPEC messages', async () => {
    const short = await post('/api/auth/reset-password', { token: 'x', newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: AUTH_MESSAGES.passwordTooShort });
    const noToken = await post('/api/auth/reset-password', { token: '', newPassword: '123456' });
    expect(noToken.json().errors).toEqual({ token: AUTH_MESSAGES.resetTokenInvalid });
    const bogus = await post('/api/auth/reset-password', { token: 'bogus', newPassword: '123456' });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ message: AUTH_MESSAGES.resetLinkInvalid });
  });
});

describe('rate limits', () => {
  it('answers the 11th login attempt in 15 minutes for one address and e-mail with 429', async () => {
    const payload = { email: 'alvo@demo.com.br', password: 'errada' };
    const ip = '192.0.2.10';
    for (let i = 0; i < 10; i++) expect((await post('/api/login', payload, {}, ip)).statusCode).toBe(401);
    const blocked = await post('/api/login', payload, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, or another e-mail, still gets through.
    expect((await post('/api/login', payload, {}, '192.0.2.11')).statusCode).toBe(401);
    expect((await post('/api/login', { ...payload, email: 'outro@demo.com.br' }, {}, ip)).statusCode).toBe(401);
  });

  it('answers the 6th forgot-password request in an hour with 429', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) {
      results.push(
        (await post('/api/auth/forgot-password', { email: `x${i}@demo.com.br` }, {}, '192.0.2.20')).statusCode,
      );
    }
    expect(results.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(results[5]).toBe(429);
  });
});
