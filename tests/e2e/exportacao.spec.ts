import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectAccessible } from './support';

/**
 * Issue 22: the franqueador exports 60,000 leads, watches the progress bar and opens the file. The spec runs its
 * own server on a PostgreSQL database of its own (the shared e2e server's embedded database cannot take 60,000
 * rows from outside), with the demo network and 60,000 more interests written in one INSERT ... SELECT.
 */
const PG = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.E2E_EXPORT_PORT ?? 5197);
const BASE = `http://localhost:${PORT}`;
const DB = `e2e_exportacao_${process.pid}`;
const LEADS = 60_000;

let server: ChildProcess | undefined;
let dataDir = '';
const dbUrl = PG.replace(/\/[^/]*$/, `/${DB}`);

async function admin<T>(run: (client: pg.Client) => Promise<T>, url = PG): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await admin((c) => c.query(`drop database if exists ${DB}`));
  await admin((c) => c.query(`create database ${DB}`));
  dataDir = mkdtempSync(join(tmpdir(), 'app-e2e-exportacao-'));
  server = spawn(process.execPath, ['dist/server/server.js'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      APP_URL: BASE,
      DATABASE_URL: dbUrl,
      DEMO_DATA: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000',
    },
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`the export spec's server exited with ${server.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // 60,000 more interests at the franqueador's events, copied from a demo lead with their own names and e-mails.
  await admin(async (c) => {
    const { rows } = await c.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'leads' and table_schema = 'public'
         and column_name not in ('id', 'nome_aluno', 'email', 'created_at', 'codigo_voucher')
         and is_generated = 'NEVER'`,
    );
    const cols = rows.map((r) => `"${r.column_name}"`).join(', ');
    // Without the row triggers (the network's counters): 60,000 of them per row took minutes, and the export
    // counts its rows itself. Each copy gets a voucher code of its own (unique per event, ADR 090): with the
    // trigger that redraws a repeated one switched off, 60,000 random draws in one event would repeat one.
    await c.query(`set session_replication_role = replica`);
    await c.query(
      `insert into leads (nome_aluno, email, created_at, codigo_voucher, ${cols})
       select 'Aluno Exportação ' || g, 'exportacao.' || g || '@email.com', l.created_at - g * interval '1 second',
         'X' || lpad(g::text, 5, '0'),
         ${rows.map((r) => `l."${r.column_name}"`).join(', ')}
       from generate_series(1, ${LEADS}) g, (select * from leads order by created_at limit 1) l`,
    );
  }, dbUrl);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await admin((c) => c.query(`drop database if exists ${DB} with (force)`)).catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the franqueador exports 60,000 leads, watches the progress bar and opens the file', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: BASE, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.franqueador);
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/interesses');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportando CSV' });
  await expect(dialog).toBeVisible();
  const bar = dialog.getByRole('progressbar', { name: 'Progresso da exportação' });
  await expect(bar).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The rows done grow while the job runs, then the file is offered.
  const link = dialog.getByRole('link', { name: 'Baixar arquivo' });
  await expect(link).toBeVisible({ timeout: 180_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  const done = (await dialog.getByTestId('exportacao-progresso').textContent()) ?? '';
  const linhas = Number(done.replace(/\D/g, ''));
  expect(linhas).toBeGreaterThan(LEADS);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^interesses.*\.csv$/);
  const file = readFileSync((await download.path())!, 'utf8');
  const lines = file.split('\r\n').filter(Boolean);
  expect(lines[0]).toContain('Nome do Aluno');
  expect(lines).toHaveLength(linhas + 1);
  expect(file).toContain('Aluno Exportação 60000');
  await context.close();
});
