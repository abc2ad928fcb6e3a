import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { newPglite, openPglite } from '../../src/server/db/pglite';
import { connectPostgres } from '../../src/server/db/postgres';
import type { Clock } from '../../src/server/lib/clock';
import type { Mailer } from '../../src/server/mail/mailer';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-network';
import { seedPgliteDump, seedPostgresTemplate } from './demo-template';
import { addDays, brasiliaAt, todayInBrasilia } from '../../src/shared/brasilia';
import type { Role } from '../../src/shared/roles';

export const APP_URL = 'http://localhost:5000';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  handle: DatabaseHandle;
  dataDir: string;
  clock: MutableClock;
  /** The private database's URL on PostgreSQL (a second app instance can open it); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

export class MutableClock implements Clock {
  private offset = 0;
  now() {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number) {
    this.offset += ms;
  }
}

/**
 * The demo network is seeded once per run, on the day the run started (global-setup.ts), and its dates are relative
 * to that day: a lead's return 'today', a goal of 'this month'. A run that crosses São Paulo's midnight would test
 * yesterday's network against today's clock. So a file that starts in the last two minutes of a day waits for the
 * next one, and on a new day each worker seeds a template of its own, once, and its later files clone that.
 */
const MIDNIGHT_MARGIN_MS = 2 * 60_000;
const templatesOfTheDay = new Map<string, Promise<string>>();

/** The São Paulo day, when it is not the day the run's template was seeded on; null on that day. */
async function dayAfterTheSeed(): Promise<string | null> {
  const nextMidnight = brasiliaAt(addDays(todayInBrasilia(), 1), 0).getTime();
  const wait = nextMidnight - Date.now();
  if (wait < MIDNIGHT_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, wait + 1_000));
  const today = todayInBrasilia();
  return today === inject('seedDay') ? null : today;
}

/** The worker's own template for `day`, seeded as global-setup.ts seeds the run's: a database, or a PGlite dump. */
function templateOfTheDay(day: string, build: () => Promise<string>): Promise<string> {
  let template = templatesOfTheDay.get(day);
  if (!template) {
    template = build();
    templatesOfTheDay.set(day, template);
  }
  return template;
}

function postgresTemplateOf(day: string, runTemplate: string): Promise<string> {
  const name = `${new URL(runTemplate).pathname.slice(1)}_d${day.replaceAll('-', '')}_${process.pid}`;
  return templateOfTheDay(day, () => seedPostgresTemplate(process.env.TEST_DATABASE_URL!, name));
}

/** Beside the run's dump, in the folder global-setup.ts removes at the end of the run. */
function pgliteDumpOf(day: string): Promise<string> {
  const file = join(dirname(inject('pgliteDump')), `demo-${day}-${process.pid}.tar`);
  return templateOfTheDay(day, () => seedPgliteDump(file));
}

async function cloneDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const newDay = await dayAfterTheSeed();
  const runTemplate = inject('postgresTemplate');
  const template = runTemplate && newDay ? await postgresTemplateOf(newDay, runTemplate) : runTemplate;
  if (template) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${new URL(template).pathname.slice(1)}`);
    await admin.end();
    const url = new URL(template);
    url.pathname = `/${name}`;
    const handle = await connectPostgres(url.toString(), 5);
    return {
      handle,
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const dump = readFileSync(newDay ? await pgliteDumpOf(newDay) : inject('pgliteDump'));
  const handle = await openPglite(newPglite({ loadDataDir: new Blob([dump]) }));
  return { handle, drop: async () => undefined };
}

/** The whole app on a private copy of the demo database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void }; mailer?: Mailer; rateLimitMemoryKeys?: number } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'app-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL,
    DEMO_DATA: '0',
    // The import's jobs unpaced: a test's import runs as fast as it can.
    IMPORTACAO_PAUSA_FRACAO: '0',
    ...env,
  });
  const { handle, url, drop } = await cloneDatabase();
  const clock = new MutableClock();
  const app = await buildApp(config, {
    db: handle.db,
    listen: handle.listen,
    pool: handle.pool,
    clock,
    logStream: options.logStream,
    mailer: options.mailer,
    rateLimitMemoryKeys: options.rateLimitMemoryKeys,
  });
  await app.ready();
  return {
    app,
    config,
    handle,
    dataDir,
    clock,
    databaseUrl: url,
    async close() {
      await app.close();
      await handle.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function sessionCookie(response: LightMyRequestResponse): string {
  // `sid` over http, `__Host-sid` when the app is served over https (ADR 004).
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  if (!cookie) throw new Error(`no session cookie in the answer (${response.statusCode} ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

export async function login(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  return sessionCookie(response);
}

export function loginAs(app: FastifyInstance, role: Role): Promise<string> {
  return login(app, DEMO_ACCOUNTS[role]);
}

/** The .eml files the app wrote to DATA_DIR/outbox, oldest first, as text. */
export function readOutbox(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(dir, name), 'utf8'));
}

/** The reset link of an e-mail (quoted-printable soft breaks undone). */
export function resetLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[0];
}

/** The confirmation link of an e-mail change, as a path (quoted-printable soft breaks undone). */
export function confirmLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+(\/api\/user\/email\/confirm\?token=[A-Za-z0-9_%-]+)/);
  if (!match) throw new Error('no confirmation link in the e-mail');
  return match[1]!;
}
