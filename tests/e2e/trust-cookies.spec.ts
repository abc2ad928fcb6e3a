import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAs } from './support';

/**
 * Issue 9 on the production build: the built server (BUILD_OUT_DIR or dist, as `npm start` runs it) with
 * NODE_ENV=production and an https APP_URL, reached over plain HTTP as a TLS-terminating proxy would reach it.
 * A real login's Set-Cookie, the logout, the headers and the built HTML. Then, in Chromium on the suite's own
 * server, the session cookie is out of reach of page scripts and the app runs under its CSP without a violation.
 */

const APP_URL = 'https://rede.example.com.br';
const ADMIN = { email: 'admin.producao@example.com.br', password: 'senha-de-producao-1' };

let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), 'app-prod-cookies-'));
  const entry = resolve(process.env.BUILD_OUT_DIR ?? 'dist', 'server/server.js');
  server = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      APP_URL,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      FRANQUEADOR_EMAIL: ADMIN.email,
      FRANQUEADOR_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  base = await new Promise<string>((resolveBase, reject) => {
    const timer = setTimeout(() => reject(new Error(`the production server did not start:\n${output}`)), 80_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveBase(match[1]!);
      }
    };
    server!.stdout!.on('data', read);
    server!.stderr!.on('data', read);
    server!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the production server exited (${code}):\n${output}`));
    });
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Attributes of one Set-Cookie line, names lower-cased. */
function attributes(line: string): Map<string, string> {
  return new Map(
    line
      .split(';')
      .slice(1)
      .map((part) => {
        const [name, ...value] = part.trim().split('=');
        return [name!.toLowerCase(), value.join('=')] as const;
      }),
  );
}

async function login(): Promise<{ response: Response; sid: string; line: string }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  const line = response.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
  expect(line).toBeDefined();
  return { response, sid: line.split(';')[0]!, line };
}

test('a real login over HTTP sets the session cookie HttpOnly, Secure, SameSite=Lax, Path=/, for 7 days', async () => {
  const { response, sid, line } = await login();
  const flags = attributes(line);
  expect(flags.has('httponly')).toBe(true);
  expect(flags.has('secure')).toBe(true);
  expect(flags.get('samesite')).toBe('Lax');
  expect(flags.get('path')).toBe('/');
  expect(flags.has('domain')).toBe(false);
  const days = (Date.parse(flags.get('expires')!) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);
  expect(sid).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}$/);
  expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toMatchObject({ email: ADMIN.email, role: 'franqueador' });
});

test('logout ends the session on the server and clears the cookie with the same flags', async () => {
  const { sid } = await login();
  expect((await fetch(`${base}/api/user`, { headers: { cookie: sid } })).status).toBe(200);
  const out = await fetch(`${base}/api/logout`, { method: 'POST', headers: { cookie: sid } });
  expect(out.status).toBe(200);
  const cleared = out.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
  expect(cleared).toMatch(/^__Host-sid=;/);
  const flags = attributes(cleared);
  expect(flags.has('httponly')).toBe(true);
  expect(flags.has('secure')).toBe(true);
  expect(flags.get('path')).toBe('/');
  expect(Date.parse(flags.get('expires')!)).toBeLessThan(Date.now());
  expect((await fetch(`${base}/api/user`, { headers: { cookie: sid } })).status).toBe(401);
});

test('a login from another origin is refused', async () => {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(403);
  expect(response.headers.getSetCookie()).toEqual([]);
});

test('the built HTML has no inline script and comes with the CSP, HSTS and nosniff', async () => {
  for (const path of ['/', '/auth', '/credito-estudantil']) {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy')!;
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  }
});

test('in the browser, page scripts cannot read the session cookie and the app runs without a CSP violation', async ({
  page,
  context,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await signInAs(page, 'franqueador');
  await page.goto('/franquias');
  await expect(page.getByRole('heading', { level: 1, name: 'Franquias' })).toBeVisible();

  const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
  expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('sid=');
  expect(violations).toEqual([]);
});
