import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import { createTestApp, type TestContext } from '../setup/test-app';
import { queryRows } from '../support/database-digest';

/**
 * Two instances, one PostgreSQL (ADR 065): both run their workers with the daily jobs on, and each daily job --
 * the cleanup, the lead retention, the audit purge -- runs once a day between them, again after an instance
 * restarts, and once more the next day. Needs PostgreSQL: included when TEST_DATABASE_URL is set.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
let a: TestContext;
let bHandle: DatabaseHandle;
let b: FastifyInstance;

/** Another instance on A's database and A's clock. */
async function instance(): Promise<FastifyInstance> {
  const app = await buildApp(a.config, { db: bHandle.db, listen: bHandle.listen, clock: a.clock });
  await app.ready();
  return app;
}

beforeAll(async () => {
  // Due at midnight in Brasília: today's runs are due as soon as they are written.
  a = await createTestApp({ JOBS_DIARIAS: '1', JOBS_HORA_DIARIA: '0' });
  bHandle = await connectPostgres(a.databaseUrl!, 5);
  b = await instance();
});
afterAll(async () => {
  await b.close();
  await bHandle.close();
  await a.close();
});

const runs = async () =>
  (
    await queryRows<{ tipo: string; n: number; feitos: number; primeira: number }>(
      a.handle.db,
      sql`select tipo, count(*)::int as n, count(*) filter (where status = 'concluido')::int as feitos,
          count(*) filter (where tentativas = 1)::int as primeira
        from jobs where tipo in ('limpeza', 'retencao', 'purga_auditoria') group by tipo order by tipo`,
    )
  ).map((r) => [r.tipo, Number(r.n), Number(r.feitos), Number(r.primeira)]);
const retencoes = async () =>
  Number(
    (await queryRows<{ n: number }>(a.handle.db, sql`select count(*)::int as n from lgpd_retencao_execucoes`))[0]!.n,
  );

describe('daily jobs on two instances, one PostgreSQL', () => {
  it('run once a day between them, through a restart, and again the next day', async () => {
    const before = await retencoes();
    await Promise.all([a.app.jobs.runDue(), b.jobs.runDue(), a.app.jobs.runDue(), b.jobs.runDue()]);
    await Promise.all([a.app.jobs.runDue(), b.jobs.runDue()]);
    expect(await runs()).toEqual([
      ['limpeza', 1, 1, 1],
      ['purga_auditoria', 1, 1, 1],
      ['retencao', 1, 1, 1],
    ]);
    expect(await retencoes()).toBe(before + 1);

    // B restarts: its new worker writes today's jobs again, and the day's keys keep them one.
    await b.close();
    b = await instance();
    await Promise.all([a.app.jobs.runDue(), b.jobs.runDue()]);
    expect(await runs()).toEqual([
      ['limpeza', 1, 1, 1],
      ['purga_auditoria', 1, 1, 1],
      ['retencao', 1, 1, 1],
    ]);
    expect(await retencoes()).toBe(before + 1);

    // The next day: once more each.
    a.clock.advance(DAY_MS);
    await Promise.all([a.app.jobs.runDue(), b.jobs.runDue(), a.app.jobs.runDue(), b.jobs.runDue()]);
    expect(await runs()).toEqual([
      ['limpeza', 2, 2, 2],
      ['purga_auditoria', 2, 2, 2],
      ['retencao', 2, 2, 2],
    ]);
    expect(await retencoes()).toBe(before + 2);
  });
});
