import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed/demo-network';
import { users } from '../../../src/server/db/schema';
import { MESSAGES } from '../../../src/server/lib/http-error';
import { APP_URL, createTestApp, type TestContext } from '../../setup/test-app';

/**
 * Issue 9, headers (DESIGN §4.3): every answer — API success, client error, server error, and the client app's
 * HTML and assets — carries a CSP without inline script (object-src, base-uri and frame-ancestors 'none'),
 * nosniff and a Referrer-Policy; HSTS only when the site is served over https; every /api answer is no-store.
 * Mutations from another origin are refused before they touch anything, reads are not shared with other
 * origins (no CORS headers), and cross-site form posts are refused. The production build's headers and HTML are
 * checked in tests/e2e/trust-cookies.spec.ts.
 */

let ctx: TestContext;
let web: FastifyInstance;
let secure: FastifyInstance;
let clientRoot: string;
let cookie: string;
const HTTPS_URL = 'https://rede.example.com.br';

/** The same app as production builds it, plus a client build to serve and a route that fails, for the 5xx. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, DEMO_DATA: '0', APP_URL, ...env });
  const app = await buildApp(config, { db: ctx.handle.db, clock: ctx.clock, clientRoot });
  app.get('/api/teste/falha', { config: { access: 'public' } }, async () => {
    throw new Error('falha provocada pelo teste');
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  ctx = await createTestApp();
  clientRoot = mkdtempSync(join(tmpdir(), 'client-build-'));
  // The real page shell, with its module script pointed at a built asset as the build does.
  const shell = readFileSync(new URL('../../../src/client/index.html', import.meta.url), 'utf8').replace(
    'src="/app/main.tsx"',
    'src="/assets/main-abc123.js"',
  );
  writeFileSync(join(clientRoot, 'index.html'), shell);
  mkdirSync(join(clientRoot, 'assets'));
  writeFileSync(join(clientRoot, 'assets', 'main-abc123.js'), 'console.log(1);\n');
  // Issue 49: the staff app's service worker and manifest, as the build writes them beside the shell.
  writeFileSync(join(clientRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(clientRoot, 'manifest.webmanifest'), '{"name":"Rede Crédito Educacional"}\n');
  web = await appWith({});
  secure = await appWith({ APP_URL: HTTPS_URL });
  const login = await web.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_ACCOUNTS.franqueador, password: DEMO_PASSWORD },
  });
  cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
});
afterAll(async () => {
  await web?.close();
  await secure?.close();
  await ctx.close();
  rmSync(clientRoot, { recursive: true, force: true });
});

type Call = {
  label: string;
  status: number;
  method?: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  withSession?: boolean;
};

/** One of each kind of answer: API 2xx with personal data, API 4xx of every cause, API 5xx, the HTML, an asset. */
const API_CALLS: Call[] = [
  { label: 'GET /api/user (200, personal data)', status: 200, url: '/api/user', withSession: true },
  { label: 'GET /api/franquias (200, personal data)', status: 200, url: '/api/franquias', withSession: true },
  { label: 'GET /api/public/cidades (200)', status: 200, url: '/api/public/cidades' },
  { label: 'GET /api/user signed out (401)', status: 401, url: '/api/user' },
  {
    label: 'POST /api/login wrong password (401)',
    status: 401,
    method: 'POST',
    url: '/api/login',
    payload: { email: DEMO_ACCOUNTS.franquia, password: 'errada' },
  },
  {
    label: 'POST /api/login invalid body (400)',
    status: 400,
    method: 'POST',
    url: '/api/login',
    payload: { email: 'x' },
  },
  {
    label: 'POST /api/login from another origin (403)',
    status: 403,
    method: 'POST',
    url: '/api/login',
    payload: {},
    headers: { origin: 'https://evil.example' },
  },
  { label: 'GET /api/nao-existe (404)', status: 404, url: '/api/nao-existe' },
  { label: 'GET /api/teste/falha (500)', status: 500, url: '/api/teste/falha' },
  // Answered by Fastify before any hook runs (frameworkErrors); src/server/plugins/error-handler.ts adds the headers.
  { label: 'GET /api/clientes/%E0%A4%A, a broken escape (400)', status: 400, url: '/api/clientes/%E0%A4%A' },
];
const PAGE_CALLS: Call[] = [
  { label: 'GET / (the HTML)', status: 200, url: '/' },
  { label: 'GET /franquias (the HTML, a client route)', status: 200, url: '/franquias' },
  { label: 'GET /assets/main-abc123.js', status: 200, url: '/assets/main-abc123.js' },
];

function call(app: FastifyInstance, c: Call): Promise<LightMyRequestResponse> {
  return app.inject({
    method: c.method ?? 'GET',
    url: c.url,
    ...(c.payload ? { payload: c.payload } : {}),
    headers: { ...(c.headers ?? {}), ...(c.withSession ? { cookie: sessionFor(app) } : {}) },
  });
}

/** The same session under the name each app reads: `__Host-sid` over https (ADR 004), `sid` over http. */
const sessionFor = (app: FastifyInstance) => (app === secure ? cookie.replace(/^sid=/, '__Host-sid=') : cookie);

function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe.each([...API_CALLS, ...PAGE_CALLS])('$label', (c) => {
  it('carries the CSP, nosniff and Referrer-Policy, and no HSTS on http', async () => {
    const response = await call(web, c);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(c.status);
    const policy = csp(response);
    // 'self' everywhere; 'none' on the answers given before any hook, which load nothing.
    const base = policy.get('default-src');
    expect([["'self'"], ["'none'"]]).toContainEqual(base);
    expect(policy.get('script-src') ?? base).toEqual(base);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    for (const values of policy.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The older header says the same as frame-ancestors 'none', for browsers that only know it.
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
      response.headers['referrer-policy'],
    );
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('carries HSTS for a year when the site is served over https', async () => {
    const response = await call(secure, c);
    expect(response.statusCode).toBe(c.status);
    const hsts = String(response.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/i);
    expect(csp(response).get('object-src')).toEqual(["'none'"]);
  });
});

describe('Cache-Control', () => {
  it.each(API_CALLS)('is no-store on $label', async (c) => {
    const response = await call(web, c);
    expect(response.statusCode).toBe(c.status);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a 429 and on the 503 of a database that is gone', async () => {
    const limited = await createTestApp({ RATE_LIMIT_FORGOT_PASSWORD: '1' });
    try {
      const ask = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.com.br' } });
      expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['cache-control']).toBe('no-store');
      await limited.app.background.drain();

      // Closed once here; the context's own close() must not close it again (PostgreSQL refuses a second end).
      const closing = limited.handle.close();
      limited.handle.close = () => closing;
      await closing;
      const down = await limited.app.inject({ url: '/api/public/cidades' });
      expect(down.statusCode).toBeGreaterThanOrEqual(500);
      expect(down.headers['cache-control']).toBe('no-store');
      expect(down.headers['x-content-type-options']).toBe('nosniff');
      // A pt-BR sentence (and a request id), nothing of the driver's error.
      expect(Object.keys(down.json()).filter((k) => k !== 'requestId')).toEqual(['message']);
      expect(down.json().message).toMatch(/Tente novamente/);
    } finally {
      // PGlite cannot undo the session cache's LISTEN once it is closed, so the app's close may fail here.
      await limited.close().catch(() => rmSync(limited.dataDir, { recursive: true, force: true }));
    }
  });

  it('lets the browser keep the HTML only until it revalidates, and the hashed assets for a year', async () => {
    for (const url of ['/', '/franquias']) {
      const page = await web.inject({ url });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await web.inject({ url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a 500 with a generic pt-BR message and a request id, nothing of the error', async () => {
    const response = await web.inject({ url: '/api/teste/falha' });
    expect(response.json()).toEqual({ message: MESSAGES.internal, requestId: expect.any(String) });
    expect(response.body).not.toContain('falha provocada');
  });
});

describe('the installable staff app (issue 49)', () => {
  it('serves the service worker and the manifest with their types, revalidated on every load', async () => {
    const sw = await web.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await web.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("lets the site's own worker and manifest in through the CSP, and nothing else", async () => {
    const policy = csp(await web.inject({ url: '/eventos/1/check-in' }));
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
  });

  it('links the manifest from the staff addresses only, never from a public page', async () => {
    for (const url of ['/', '/eventos/1/check-in', '/auth']) {
      expect((await web.inject({ url })).body, url).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    }
    for (const url of ['/credito-estudantil', '/credito-ativacao', '/voucher/abc', '/parcelas/abc', '/meus-dados']) {
      expect((await web.inject({ url })).body, url).not.toContain('rel="manifest"');
    }
  });
});

describe('the page shell', () => {
  it('has no inline script or event handler the CSP would block', () => {
    const html = readFileSync(new URL('../../../src/client/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('requests from another origin', () => {
  const franquiaMg = async () =>
    (await ctx.handle.db.select().from(users).where(eq(users.email, 'franquia.mg@demo.com.br')))[0]!;

  it.each([
    'https://evil.example',
    'null',
    'http://localhost:5001',
    'https://localhost:5000',
    'http://localhost:5000.evil.example',
    'http://127.0.0.1:5000',
  ])('refuses a signed-in mutation from %s with 403, changing nothing', async (origin) => {
    const target = await franquiaMg();
    const response = await web.inject({
      method: 'PATCH',
      url: `/api/usuarios/${target.id}`,
      payload: { isActive: false },
      headers: { cookie, origin },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.originRefused });
    expect((await franquiaMg()).isActive).toBe(true);
  });

  it('refuses every mutating method from another origin, and the same call from APP_URL goes through', async () => {
    const evil = { cookie, origin: 'https://evil.example' };
    const target = await franquiaMg();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await web.inject({ method, url: `/api/usuarios/${target.id}`, payload: {}, headers: evil });
      expect(response.statusCode, method).toBe(403);
    }
    const logout = await web.inject({ method: 'POST', url: '/api/logout', headers: evil });
    expect(logout.statusCode).toBe(403);
    expect((await web.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(200);

    const same = await web.inject({
      method: 'PATCH',
      url: `/api/usuarios/${target.id}`,
      payload: { isActive: true },
      headers: { cookie, origin: APP_URL },
    });
    expect(same.statusCode).toBe(200);
  });

  it('refuses a cross-site form post (no JSON) even without an Origin header, changing nothing', async () => {
    const target = await franquiaMg();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'isActive=false'],
      ['text/plain', '{"isActive":false}'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="isActive"\r\n\r\nfalse\r\n--x--',
      ],
    ] as const) {
      const response = await web.inject({
        method: 'PATCH',
        url: `/api/usuarios/${target.id}`,
        payload: body,
        headers: { cookie, 'content-type': type },
      });
      expect(response.statusCode, type).toBe(415);
    }
    expect((await franquiaMg()).isActive).toBe(true);
  });

  it('shares no answer with another origin: no CORS headers, not even on a preflight', async () => {
    const read = await web.inject({ url: '/api/user', headers: { cookie, origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await web.inject({
      method: 'OPTIONS',
      url: '/api/usuarios/x',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});
