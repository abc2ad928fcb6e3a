import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type TraceMode } from '@playwright/test';
import { FAKE_WHATSAPP } from './tests/support/fake-whatsapp-server';

/**
 * End-to-end tests drive Debian's Chromium against the real production server (npm start's build) on a
 * temporary DATA_DIR with the demo network. Workers inherit E2E_DATA_DIR to read the mail outbox.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'app-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 5179);
export const BASE_URL = `http://localhost:${PORT}`;
/** A stand-in for the postal-code service (tests/support/fake-cep-server.ts), so no test reaches viaCEP. */
const FAKE_CEP_PORT = PORT + 1000;
/** A stand-in for WhatsApp's Cloud API (tests/support/fake-whatsapp-server.ts, issue 47), which posts its webhooks back. */
export const FAKE_WHATSAPP_URL = `http://127.0.0.1:${PORT + 2000}`;

/**
 * The browser: Debian's `chromium-headless-shell` when installed (Chromium's own headless build: the same Blink and
 * V8 without the desktop browser's windows, which took a third more of the suite's CPU; ADR 072), else Debian's
 * `chromium`. CHROMIUM_PATH names another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * E2E_ATIVIDADE=1: the server loads the demo network with its year of activity, as `npm start` does for a newcomer
 * (ADR 052), and only demo-alive.spec.ts runs -- it checks that every screen shows data. Every other spec runs on
 * the demo network alone (DEMO_ATIVIDADE=0), whose rows they name: 2,500 more families push those rows off the
 * first pages and slow the flows they time. `.ci/run` runs both.
 */
const atividade = process.env.E2E_ATIVIDADE === '1';

export default defineConfig({
  testDir: 'tests/e2e',
  ...(atividade ? { testMatch: /demo-alive\.spec\.ts$/ } : { testIgnore: /demo-alive\.spec\.ts$/ }),
  fullyParallel: true,
  // Three workers on two cores (ADR 100): with two, the cores idled a seventh of the suite while both workers
  // waited on the server or a timer; a third fills that time. E2E_WORKERS names another count.
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A test's whole flow, on two cores shared by the server, PostgreSQL and two browsers: on a slow day of the CI's
  // machine (hello-world at a third of its best) flows that take 15 s took 29-36 s, and 30 s cut them short.
  timeout: 60_000,
  // A step's own wait: on the same slow day a franqueador's first list (/interesses while other specs write) took
  // more than 7 s to show its header. A wait is only spent when the thing is late; what never comes still fails.
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace is recorded for a person who can open it: CI's only output is its log, and recording one (a screencast
    // and a DOM snapshot at every action) took a third of Chromium's CPU and of the workers' (ADR 085). E2E_TRACE
    // names another mode.
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each demo role in once and stores its session (tests/e2e/auth.setup.ts) for the specs to reuse.
    { name: 'setup', testMatch: /auth\.setup\.ts$/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: [
    {
      command: 'npx tsx tests/support/fake-cep-server.ts',
      url: `http://127.0.0.1:${FAKE_CEP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_CEP_PORT: String(FAKE_CEP_PORT) },
    },
    {
      command: 'npx tsx tests/support/fake-whatsapp-server.ts',
      url: `${FAKE_WHATSAPP_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_WHATSAPP_PORT: String(PORT + 2000), WEBHOOK_URL: `${BASE_URL}/api/webhooks/whatsapp` },
    },
    {
      command: 'node scripts/start.mjs',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        APP_URL: BASE_URL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every spec signs in as the demo accounts from one address; the limits themselves are API-tested.
        RATE_LIMIT_LOGIN: '1000',
        RATE_LIMIT_FORGOT_PASSWORD: '1000',
        RATE_LIMIT_PUBLIC: '1000',
        CEP_API_URL: `http://127.0.0.1:${FAKE_CEP_PORT}/ws/{cep}/json/`,
        // Issue 22 (ADR 028): webhooks to the spec's own receiver on this machine, and a failing delivery that
        // becomes a dead letter in seconds, not in a quarter of an hour.
        WEBHOOKS_PERMITIR_REDE_LOCAL: '1',
        JOBS_ESPERA_BASE_MS: '500',
        JOBS_MAX_TENTATIVAS: '2',
        JOBS_INTERVALO_MS: '200',
        DEMO_ATIVIDADE: atividade ? '1' : '0',
        // Issue 47: WhatsApp's Cloud API is the fake's; only a family that ticks the option is sent anything there.
        WHATSAPP_API_URL: `${FAKE_WHATSAPP_URL}/v21.0`,
        WHATSAPP_TOKEN: FAKE_WHATSAPP.token,
        WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
        WHATSAPP_APP_SECRET: FAKE_WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: FAKE_WHATSAPP.verifyToken,
      },
    },
  ],
});
