import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/shared/schemas/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';
import { clientes, users } from '../../../src/server/db/schema';
import { createTestApp, readOutbox, resetLinkFrom, type TestContext } from '../../setup/test-app';

/**
 * Issue 9, sessions (black-box: HTTP only, whatever caches sit behind the session lookup):
 * - fixation: a cookie the browser brought before login is never the session after it;
 * - logout, password reset and deactivation end sessions on the server, every session of the user for the last
 *   two, and a reactivated account does not bring old sessions back;
 * - idle (7 days) and absolute (30 days, even in continual use) expiry, on the injected clock;
 * - cookie flags: HttpOnly, SameSite=Lax, Path=/ always; Secure when APP_URL is https or COOKIE_SECURE says so.
 * The production build's Set-Cookie is checked in tests/e2e/trust-cookies.spec.ts. Also proven elsewhere:
 * a second login drops the first cookie of the same user (src/server/modules/auth/auth.routes.test.ts).
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

let ctx: TestContext;
beforeAll(async () => {
  // Many sign-ins of the same accounts from one address: the limit itself is proven in abuse.test.ts.
  ctx = await createTestApp({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_FORGOT_PASSWORD: '1000' });
});
afterAll(() => ctx.close());

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

function sidFrom(response: LightMyRequestResponse, name = 'sid'): string | undefined {
  const line = setCookies(response).find((c) => c.startsWith(`${name}=`));
  const value = line?.slice(name.length + 1).split(';')[0];
  return value ? `${name}=${value}` : undefined;
}

async function signIn(app: TestContext['app'], email: string, cookie?: string, password = DEMO_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const sid = sidFrom(response);
  expect(sid).toBeDefined();
  return sid!;
}

const me = (cookie: string, app = ctx.app) => app.inject({ url: '/api/user', headers: { cookie } });
const whoIs = async (cookie: string) => {
  const response = await me(cookie);
  return response.statusCode === 200 ? (response.json().email as string) : response.statusCode;
};
const userId = async (email: string) =>
  (await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('session fixation', () => {
  it('hands out no session cookie before login, so there is none to plant', async () => {
    for (const url of ['/api/user', '/api/public/cidades', '/api/health']) {
      const response = await ctx.app.inject({ url });
      expect(sidFrom(response), url).toBeUndefined();
    }
  });

  it('never adopts a cookie value chosen before login', async () => {
    const planted = `sid=${'A'.repeat(43)}`;
    const victim = await signIn(ctx.app, DEMO_ACCOUNTS.franqueador, planted);
    expect(victim).not.toBe(planted);
    expect(await whoIs(planted)).toBe(401);
    expect(await whoIs(victim)).toBe(DEMO_ACCOUNTS.franqueador);
  });

  it("drops an attacker's own live session planted in the victim's browser, never upgrading it", async () => {
    const attacker = await signIn(ctx.app, DEMO_ACCOUNTS.aluno);
    expect(await whoIs(attacker)).toBe(DEMO_ACCOUNTS.aluno);
    const victim = await signIn(ctx.app, DEMO_ACCOUNTS.franquia, attacker);
    expect(victim).not.toBe(attacker);
    expect(await whoIs(attacker)).toBe(401);
    expect(await whoIs(victim)).toBe(DEMO_ACCOUNTS.franquia);
  });
});

describe('logout', () => {
  it('ends the session on the server: the old cookie, replayed, opens nothing', async () => {
    const cookie = await signIn(ctx.app, DEMO_ACCOUNTS.franqueador);
    expect((await ctx.app.inject({ url: '/api/franquias', headers: { cookie } })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    // The browser is told to forget the cookie too.
    const cleared = setCookies(out).find((c) => c.startsWith('sid='))!;
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);

    expect(await whoIs(cookie)).toBe(401);
    const replay = await ctx.app.inject({ url: '/api/franquias', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('ends only the session it was sent with: the same user on another device stays signed in', async () => {
    const laptop = await signIn(ctx.app, DEMO_ACCOUNTS.vendedor);
    const phone = await signIn(ctx.app, DEMO_ACCOUNTS.vendedor);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: phone } });
    expect(await whoIs(phone)).toBe(401);
    expect(await whoIs(laptop)).toBe(DEMO_ACCOUNTS.vendedor);
  });
});

describe('password reset', () => {
  it("ends every session of that user, and no one else's", async () => {
    const email = 'micro.santos@demo.com.br';
    const laptop = await signIn(ctx.app, email);
    const phone = await signIn(ctx.app, email);
    const bystander = await signIn(ctx.app, 'micro.contagem@demo.com.br');

    const before = readOutbox(ctx.dataDir).length;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await ctx.app.background.drain();
    const mail = readOutbox(ctx.dataDir)
      .slice(before)
      .find((m) => m.includes(`To: ${email}`))!;
    const token = new URL(resetLinkFrom(mail)).searchParams.get('token')!;
    // Asking for a link ends nothing: anyone can ask for anyone's.
    expect(await whoIs(laptop)).toBe(email);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'trocada-123' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await whoIs(laptop)).toBe(401);
    expect(await whoIs(phone)).toBe(401);
    expect(await whoIs(bystander)).toBe('micro.contagem@demo.com.br');
    // The new password opens a fresh session.
    expect(await whoIs(await signIn(ctx.app, email, undefined, 'trocada-123'))).toBe(email);
  });
});

describe('deactivation', () => {
  it('ends every session of a user the franqueador switches off, and switching back on does not revive them', async () => {
    const email = 'franquia.mg@demo.com.br';
    const admin = await signIn(ctx.app, DEMO_ACCOUNTS.franqueador);
    const laptop = await signIn(ctx.app, email);
    const phone = await signIn(ctx.app, email);
    const id = await userId(email);
    // Sessions in use a moment ago (whatever a server may remember about them).
    expect(await whoIs(laptop)).toBe(email);
    expect(await whoIs(phone)).toBe(email);

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/usuarios/${id}`,
      payload: { isActive: false },
      headers: { cookie: admin },
    });
    expect(off.statusCode).toBe(200);
    expect(await whoIs(laptop)).toBe(401);
    expect(await whoIs(phone)).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.inactiveUser });

    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/usuarios/${id}`,
      payload: { isActive: true },
      headers: { cookie: admin },
    });
    expect(on.statusCode).toBe(200);
    expect(await whoIs(laptop)).toBe(401);
    expect(await whoIs(phone)).toBe(401);
    expect(await whoIs(await signIn(ctx.app, email))).toBe(email);
  });

  it('ends the session of a cliente its micro-franquia switches off', async () => {
    const email = 'cliente.valinhos@demo.com.br';
    const micro = await signIn(ctx.app, DEMO_ACCOUNTS.micro_franquia);
    const cliente = await signIn(ctx.app, email);
    expect((await ctx.app.inject({ url: '/api/cursos', headers: { cookie: cliente } })).statusCode).toBe(200);
    const [row] = await ctx.handle.db
      .select({ id: clientes.id })
      .from(clientes)
      .where(eq(clientes.userId, await userId(email)));

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/clientes/${row!.id}`,
      payload: { isActive: false },
      headers: { cookie: micro },
    });
    expect(off.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/cursos', headers: { cookie: cliente } })).statusCode).toBe(401);
    expect(await whoIs(cliente)).toBe(401);
  });
});

describe('expiry (injected clock)', () => {
  it('ends a session left idle for more than 7 days, and keeps one used within 7 days', async () => {
    const cookie = await signIn(ctx.app, DEMO_ACCOUNTS.cliente);
    ctx.clock.advance(7 * DAY - MINUTE);
    expect(await whoIs(cookie)).toBe(DEMO_ACCOUNTS.cliente);
    ctx.clock.advance(7 * DAY - MINUTE);
    expect(await whoIs(cookie)).toBe(DEMO_ACCOUNTS.cliente);
    ctx.clock.advance(7 * DAY + MINUTE);
    const expired = await me(cookie);
    expect(expired.statusCode).toBe(401);
    // The browser is told to drop it, and coming back sooner does not revive it.
    expect(setCookies(expired).find((c) => c.startsWith('sid='))).toMatch(/^sid=;/);
    expect(await whoIs(cookie)).toBe(401);
  });

  it('ends a session 30 days after login even when it is used every day', async () => {
    const cookie = await signIn(ctx.app, DEMO_ACCOUNTS.micro_franquia);
    const loginAt = ctx.clock.now().getTime();
    let lastExpires = 0;
    for (let day = 1; day < 30; day++) {
      ctx.clock.advance(DAY);
      const response = await me(cookie);
      expect(response.statusCode, `day ${day}`).toBe(200);
      const renewed = setCookies(response).find((c) => c.startsWith('sid='));
      if (renewed) {
        const expires = Date.parse(/Expires=([^;]+)/.exec(renewed)![1]!);
        // The browser is never told to keep it past the absolute limit.
        expect(expires).toBeLessThanOrEqual(loginAt + 30 * DAY + 1000);
        lastExpires = expires;
      }
    }
    expect(lastExpires).toBeGreaterThan(loginAt + 29 * DAY);
    ctx.clock.advance(DAY - 2 * MINUTE); // 29 d 23 h 58 min after login, last used a day ago
    expect(await whoIs(cookie)).toBe(DEMO_ACCOUNTS.micro_franquia);
    ctx.clock.advance(3 * MINUTE); // 30 d 1 min
    expect(await whoIs(cookie)).toBe(401);
  });
});

describe('cookie flags', () => {
  const flags = (line: string) =>
    line
      .split(';')
      .slice(1)
      .map((p) => p.trim().split('=')[0]!.toLowerCase());

  it('are HttpOnly, SameSite=Lax, Path=/ and not Secure on an http APP_URL, at login, renewal and logout', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.aluno, password: DEMO_PASSWORD },
    });
    const cookie = sidFrom(login)!;
    ctx.clock.advance(10 * MINUTE);
    const renewal = await me(cookie);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    for (const response of [login, renewal, logout]) {
      const line = setCookies(response).find((c) => c.startsWith('sid='))!;
      expect(line).toBeDefined();
      expect(line).toMatch(/; HttpOnly(;|$)/);
      expect(line).toMatch(/; SameSite=Lax(;|$)/);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(flags(line)).not.toContain('secure');
      expect(flags(line)).not.toContain('domain');
    }
  });

  it.each<{ label: string; env: Record<string, string>; secure: boolean }>([
    { label: 'an https APP_URL', env: { APP_URL: 'https://rede.example.com.br' }, secure: true },
    { label: 'COOKIE_SECURE=1 on an http APP_URL', env: { COOKIE_SECURE: '1' }, secure: true },
    {
      label: 'COOKIE_SECURE=0 on an https APP_URL',
      env: { APP_URL: 'https://rede.example.com.br', COOKIE_SECURE: '0' },
      secure: false,
    },
  ])('with $label: Secure is $secure, at login, renewal and logout', async ({ env, secure }) => {
    // Secure cookies are named __Host-sid (issue "Trust, second round"; the name is the only change).
    const name = secure ? '__Host-sid' : 'sid';
    const other = await createTestApp(env);
    try {
      const login = await other.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNTS.vendedor, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = sidFrom(login, name)!;
      expect(cookie).toBeDefined();
      other.clock.advance(10 * MINUTE);
      const renewal = await me(cookie, other.app);
      expect(renewal.statusCode).toBe(200);
      const logout = await other.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      for (const response of [login, renewal, logout]) {
        const line = setCookies(response).find((c) => c.startsWith(`${name}=`))!;
        expect(line).toBeDefined();
        expect(line).toMatch(/; HttpOnly(;|$)/);
        expect(line).toMatch(/; SameSite=Lax(;|$)/);
        expect(line).toMatch(/; Path=\/(;|$)/);
        expect(flags(line).includes('secure')).toBe(secure);
        expect(flags(line)).not.toContain('domain');
      }
    } finally {
      await other.close();
    }
  });

  it('over HTTPS only __Host-sid is read: a plain sid cookie (one a sibling subdomain could plant) signs no one in', async () => {
    const other = await createTestApp({ APP_URL: 'https://rede.example.com.br' });
    try {
      const login = await other.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO_ACCOUNTS.vendedor, password: DEMO_PASSWORD },
      });
      const cookie = sidFrom(login, '__Host-sid')!;
      expect(cookie).toBeDefined();
      expect((await me(cookie, other.app)).statusCode).toBe(200);
      const plain = cookie.replace(/^__Host-sid=/, 'sid=');
      expect((await me(plain, other.app)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
