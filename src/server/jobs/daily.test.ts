import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { brasiliaAt } from '../../shared/brasilia';
import { JobWorker } from './worker';

/**
 * Daily jobs (ADR 065): `daily(tipo, handler)` writes one keyed row a day, due at the configured hour in Brasília,
 * and one worker runs it -- once, whatever the rounds, the workers and the restarts. Two app instances on one
 * PostgreSQL: tests/postgres/daily-two-instances.test.ts.
 */

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** Moves the test clock to `iso` (it keeps running from there). */
const setClock = (c: TestContext, iso: string) => c.clock.advance(Date.parse(iso) - c.clock.now().getTime());

const dailyRows = (c: TestContext) =>
  queryRows<{ chave: string; status: string; tentativas: number; executar_em: string }>(
    c.handle.db,
    sql`select chave, status, tentativas, to_char(executar_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as executar_em
      from jobs where tipo = 'limpeza' order by chave`,
  );

const worker = (c: TestContext, ran: unknown[], horaDiaria: number | null = 3) => {
  const w = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000, horaDiaria });
  w.daily('limpeza', async (job) => {
    ran.push(job.payload);
  });
  return w;
};

describe('daily jobs', () => {
  it('reads the hour on Brasília clocks', () => {
    expect(brasiliaAt('2031-03-10', 3)).toEqual(new Date('2031-03-10T06:00:00Z'));
    expect(brasiliaAt('2031-12-31', 23)).toEqual(new Date('2032-01-01T02:00:00Z'));
    expect(brasiliaAt('2031-01-01', 0)).toEqual(new Date('2031-01-01T03:00:00Z'));
  });

  it('writes a daily job that names its own hour due then (the WhatsApp reminders at 18:00, issue 47)', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const ran: unknown[] = [];
    // 10:00 in Brasília (a DST-free -03:00 all year): the reminders' job is due at 18:00, 21:00 UTC, the cleanup's at 3.
    setClock(c, '2031-11-02T13:00:00Z');
    const w = worker(c, ran);
    w.daily(
      'lembrete_vespera',
      async (job) => {
        ran.push(['vespera', job.payload]);
      },
      { hora: 18 },
    );
    expect(await w.runDue()).toBe(1);
    const [lembrete] = await queryRows<{ chave: string; executar_em: string }>(
      c.handle.db,
      sql`select chave, to_char(executar_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as executar_em
        from jobs where tipo = 'lembrete_vespera'`,
    );
    expect(lembrete).toEqual({ chave: 'lembrete_vespera:2031-11-02', executar_em: '2031-11-02T21:00' });
    // The cleanup, due at 03:00 and written late, ran at once; the reminders wait for 18:00.
    expect(ran).toEqual([{ dia: '2031-11-02' }]);
    setClock(c, '2031-11-02T21:00:01Z');
    expect(await w.runDue()).toBe(1);
    expect(ran).toEqual([{ dia: '2031-11-02' }, ['vespera', { dia: '2031-11-02' }]]);
  });

  it('runs once a day at its hour in Brasília, whatever the rounds, a second worker or a restart', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const ran: unknown[] = [];
    // 02:00 in Brasília: the day's job is written, due at 03:00, and waits.
    setClock(c, '2031-03-10T05:00:00Z');
    const first = worker(c, ran);
    expect(await first.runDue()).toBe(0);
    expect(await dailyRows(c)).toEqual([
      { chave: 'limpeza:2031-03-10', status: 'pendente', tentativas: 0, executar_em: '2031-03-10T06:00' },
    ]);

    setClock(c, '2031-03-10T06:00:01Z');
    const second = worker(c, ran);
    expect(await Promise.all([first.runDue(), second.runDue()])).toEqual(expect.arrayContaining([1, 0]));
    expect(ran).toEqual([{ dia: '2031-03-10' }]);
    // Rounds after it, and a restart (a new worker, which has written nothing yet today): the day's key holds.
    expect(await first.runDue()).toBe(0);
    const restarted = worker(c, ran);
    expect(await restarted.runDue()).toBe(0);
    expect(ran).toHaveLength(1);

    // The next day, at its hour.
    setClock(c, '2031-03-11T06:30:00Z');
    expect(await Promise.all([restarted.runDue(), second.runDue()])).toEqual(expect.arrayContaining([1, 0]));
    expect(ran).toEqual([{ dia: '2031-03-10' }, { dia: '2031-03-11' }]);
    expect((await dailyRows(c)).map((r) => [r.chave, r.status, Number(r.tentativas)])).toEqual([
      ['limpeza:2031-03-10', 'concluido', 1],
      ['limpeza:2031-03-11', 'concluido', 1],
    ]);
  });

  it('runs at once when a worker starts after the hour, and never in a process whose daily jobs are off', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const ran: unknown[] = [];
    setClock(c, '2031-03-10T20:00:00Z');
    // Off (the tests' own app, JOBS_DIARIAS=0): nothing written.
    expect(await worker(c, ran, null).runDue()).toBe(0);
    expect(await dailyRows(c)).toEqual([]);
    expect(await worker(c, ran).runDue()).toBe(1);
    expect(ran).toEqual([{ dia: '2031-03-10' }]);
  });

  it("writes the app's own daily jobs (cleanup, retention, audit purge) once a day when JOBS_DIARIAS is on", async () => {
    ctx = await createTestApp({ JOBS_DIARIAS: '1', JOBS_HORA_DIARIA: '0' });
    const c = ctx;
    await c.app.background.drain();
    await c.app.background.drain();
    const rows = await queryRows<{ tipo: string; status: string; n: number }>(
      c.handle.db,
      sql`select tipo, status, count(*)::int as n from jobs
        where tipo in ('limpeza', 'retencao', 'purga_auditoria') group by 1, 2 order by 1`,
    );
    expect(rows.map((r) => [r.tipo, r.status, Number(r.n)])).toEqual([
      ['limpeza', 'concluido', 1],
      ['purga_auditoria', 'concluido', 1],
      ['retencao', 'concluido', 1],
    ]);
  });

  it('leaves no hand-copied daily timer: no module, nor the job setup, keeps a timer of its own', () => {
    const server = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
            ? [join(dir, entry.name)]
            : [],
      );
    const withTimers = files(server)
      .filter((file) => /\bset(Interval|Timeout)\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(server, file))
      .sort();
    // The worker's poll, the sign-up's coalescer, LISTEN's reconnection, the shutdown, the hourly session sweep and
    // the read replica's health check (issue 46: a check of a connection, no work of the network's); and waits that are no recurring work: a failed contract confirmation's time floor (no oracle, ADR 066), and an
    // import's job pausing between its batches (issue 50's follow-up).
    expect(withTimers).toEqual([
      'db/notifications.ts',
      'db/replica.ts',
      'jobs/worker.ts',
      'lib/coalesce.ts',
      'modules/contratos/aceite.service.ts',
      'modules/importacoes/compasso.ts',
      'plugins/sessions/index.ts',
      'server.ts',
    ]);
  });
});
