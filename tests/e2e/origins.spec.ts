import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support';

/**
 * Issue 40: the log of a development server prints 127.0.0.1 (and the machine's addresses) beside APP_URL's
 * localhost; a person who opens that address signs in. A production server still takes mutations from APP_URL's
 * origin alone.
 */
const loopback = BASE_URL.replace('//localhost:', '//127.0.0.1:');

test('in development, signing in works from 127.0.0.1 as well as from APP_URL (localhost)', async ({ page }) => {
  await page.goto(`${loopback}/auth`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.vendedor);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(`${loopback}/`);
  await expect(page.getByText('Origem da requisição não permitida.')).toHaveCount(0);
  await expect(page.getByRole('navigation').first()).toBeVisible();
});

test.describe('a production server', () => {
  // One server on one port for both tests: run in parallel, a second worker's server found the first one's port
  // taken, its health check answered by the first, and lost it when the first worker's afterAll stopped it.
  test.describe.configure({ mode: 'serial' });
  const port = Number(new URL(BASE_URL).port) + 7;
  const dataDir = mkdtempSync(join(tmpdir(), 'app-e2e-prod-'));
  let server: ChildProcess | undefined;
  const ADMIN = { email: 'admin@rede.example.com', password: 'uma frase longa de acesso 2026' };

  test.beforeAll(async () => {
    // A new embedded cluster takes seconds of one core, more on a busy machine.
    test.setTimeout(180_000);
    server = spawn(process.execPath, ['dist/server/server.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        APP_URL: `http://localhost:${port}`,
        FRANQUEADOR_EMAIL: ADMIN.email,
        FRANQUEADOR_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (const started = Date.now(); Date.now() - started < 170_000;) {
      if (server.exitCode !== null) throw new Error(`the production server exited:\n${stderr}`);
      const up = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the production server did not start:\n${stderr}`);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('refuses a sign-in from an origin other than APP_URL, with the pt-BR message', async ({ page }) => {
    await page.goto(`http://127.0.0.1:${port}/auth`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Senha').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    // The reason stays beside the form (the toast also says it, and fades).
    await expect(page.locator('#login-erro').getByText('Origem da requisição não permitida.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signs in from APP_URL's own origin", async ({ page }) => {
    await page.goto(`http://localhost:${port}/auth`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Senha').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`http://localhost:${port}/`);
  });
});
