import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { type SmtpSink, startSmtpSink } from '../../../tests/support/smtp-sink';
import { DEMO_ACCOUNTS } from '../db/seed/demo-network';
import { enfileirar } from './queue';
import { espera, JobWorker } from './worker';

/**
 * E-mails as durable jobs (issue 22, ADR 028): a local SMTP server that refuses, then accepts; the job retried
 * with backoff until it is delivered, or a dead letter after its last try.
 */

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
  sink.refuse = 0;
  sink.received.length = 0;
});

interface Job {
  status: string;
  tentativas: number;
  ultimo_erro: string | null;
  payload: unknown;
  destino: string;
  resumo: string;
  executar_em: string;
}
const emailJobs = (c: TestContext) =>
  queryRows<Job>(
    c.handle.db,
    sql`select status, tentativas, ultimo_erro, payload, destino, resumo, executar_em::text from jobs
      where tipo = 'email' order by created_at`,
  );

const forgot = (c: TestContext, email: string) =>
  c.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

describe('e-mail jobs over SMTP', () => {
  it('retries an e-mail the SMTP server refused, after the backoff, and delivers it once', async () => {
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}`, JOBS_ESPERA_BASE_MS: '60000' });
    sink.refuse = 1;
    expect((await forgot(ctx, DEMO_ACCOUNTS.vendedor)).statusCode).toBe(200);
    await ctx.app.background.drain();
    expect(sink.received).toHaveLength(0);
    let [job] = await emailJobs(ctx);
    expect(job).toMatchObject({ status: 'pendente', tentativas: 1, destino: 'v***@d***.br' });
    expect(job!.ultimo_erro).toContain('451');

    // Not before its time: the retry waits a minute.
    await ctx.app.background.drain();
    expect(sink.received).toHaveLength(0);

    ctx.clock.advance(60_000);
    await ctx.app.background.drain();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual([DEMO_ACCOUNTS.vendedor]);
    expect(sink.received[0]!.data).toContain('/reset-password?token=');
    [job] = await emailJobs(ctx);
    // Delivered: the message (its reset link) is no longer kept.
    expect(job).toMatchObject({ status: 'concluido', tentativas: 2, payload: null });

    ctx.clock.advance(3_600_000);
    await ctx.app.background.drain();
    expect(sink.received).toHaveLength(1);
  });

  it('keeps an e-mail refused on every try as a dead letter', async () => {
    ctx = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      JOBS_ESPERA_BASE_MS: '1000',
      JOBS_MAX_TENTATIVAS: '3',
    });
    sink.refuse = 10;
    await forgot(ctx, DEMO_ACCOUNTS.franquia);
    for (let i = 0; i < 5; i++) {
      await ctx.app.background.drain();
      ctx.clock.advance(10_000);
    }
    const [job] = await emailJobs(ctx);
    expect(job).toMatchObject({ status: 'falhou', tentativas: 3 });
    expect(job!.payload).toMatchObject({ to: DEMO_ACCOUNTS.franquia });
    expect(sink.received).toHaveLength(0);
  });
});

/** The jobs whose key starts with `prefix`, by key: [key, status, tries]. */
async function triesOf(c: TestContext, prefix: string) {
  const rows = await queryRows<{ chave: string; status: string; tentativas: number }>(
    c.handle.db,
    sql`select chave, status, tentativas from jobs where chave like ${`${prefix}%`} order by chave`,
  );
  return rows.map((r) => [r.chave, r.status, Number(r.tentativas)]);
}

describe('backoff', () => {
  it('doubles the wait after each failed try', () => {
    expect([1, 2, 3, 4].map((t) => espera(30_000, t))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});

describe('the worker round', () => {
  it("runs its upkeep again while it works through a backlog, so a thousand e-mails don't hold the counters back", async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    for (const n of [1, 2, 3]) await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: `fila:${n}` }, now);
    const run = async (upkeepMs?: number) => {
      const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000, upkeepMs });
      const order: string[] = [];
      worker.register('limpeza', async () => {
        order.push('job');
      });
      worker.eachRound(async () => {
        order.push('upkeep');
      });
      return { ran: await worker.runDue(), order };
    };
    // Between jobs once its interval has passed (here at once): first, and after each job.
    expect(await run(0)).toEqual({ ran: 3, order: ['upkeep', 'job', 'upkeep', 'job', 'upkeep', 'job', 'upkeep'] });
    // Nothing left: a round is its upkeep alone.
    expect(await run()).toEqual({ ran: 0, order: ['upkeep'] });
  });

  it('claims due jobs in batches, and gives back those not begun once half the lease is gone', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    for (const n of [1, 2, 3]) await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: `lote:${n}` }, now);
    // A lease of 4 ms: each job's 10 ms outlasts half of it, so after each job the batch's others go back.
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 4, esperaBaseMs: 1000 });
    const ran: string[] = [];
    worker.register('limpeza', async (job) => {
      ran.push(job.chave!);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(await worker.runDue()).toBe(3);
    expect(ran.sort()).toEqual(['lote:1', 'lote:2', 'lote:3']);
    // Each ran once, and a job given back was not counted as a try.
    expect(await triesOf(c, 'lote:')).toEqual([
      ['lote:1', 'concluido', 1],
      ['lote:2', 'concluido', 1],
      ['lote:3', 'concluido', 1],
    ]);
  });

  it("marks a batch's jobs done together when it ends, each only while still the try it made (ADR 045)", async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    for (const n of [1, 2, 3])
      await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: `feito:${n}` }, now);
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000 });
    const seen: string[][] = [];
    worker.register('limpeza', async (job) => {
      // What the queue shows while the batch runs: the jobs before this one are done, not yet marked.
      seen.push(
        (await queryRows<{ status: string }>(c.handle.db, sql`select status from jobs where chave like 'feito:%'`)).map(
          (r) => r.status,
        ),
      );
      // Another instance took the first job again (its lease ran out): this try must not mark it done.
      if (job.chave === 'feito:3') {
        await c.handle.db.execute(sql`update jobs set tentativas = tentativas + 1 where chave = 'feito:1'`);
      }
    });
    expect(await worker.runDue()).toBe(3);
    expect(seen.every((statuses) => statuses.every((s) => s === 'executando'))).toBe(true);
    const rows = await queryRows<{ chave: string; status: string }>(
      c.handle.db,
      sql`select chave, status from jobs where chave like 'feito:%' order by chave`,
    );
    expect(rows.map((r) => [r.chave, r.status])).toEqual([
      ['feito:1', 'executando'],
      ['feito:2', 'concluido'],
      ['feito:3', 'concluido'],
    ]);
  });

  it('ends its round after a short batch: what was queued meanwhile goes in the next round (ADR 046)', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: 'gota:1' }, now);
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000 });
    const ran: string[] = [];
    worker.register('limpeza', async (job) => {
      ran.push(job.chave!);
      // A sign-up's e-mail arriving while the batch runs.
      if (job.chave === 'gota:1') await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: 'gota:2' }, now);
    });
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual(['gota:1']);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual(['gota:1', 'gota:2']);
  });

  it("sends a batch's e-mails eight at once, while its exports run one at a time beside them (ADR 048)", async () => {
    ctx = await createTestApp();
    const c = ctx;
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000 });
    const running = { email: 0, exportacao: 0 };
    const most = { email: 0, exportacao: 0, emailsBesideAnExport: 0 };
    const track = (tipo: 'email' | 'exportacao', ms: number) => async () => {
      running[tipo]++;
      most[tipo] = Math.max(most[tipo], running[tipo]);
      if (tipo === 'email' && running.exportacao > 0) most.emailsBesideAnExport++;
      // An SMTP server's answer, or an export's pages: time spent waiting on something else.
      await new Promise((resolve) => setTimeout(resolve, ms));
      running[tipo]--;
    };
    worker.register('email', track('email', 20), { aoMesmoTempo: 8 });
    worker.register('exportacao', track('exportacao', 60));
    const enqueue = async (tipo: 'email' | 'exportacao', chaves: string[]) => {
      for (const chave of chaves) await enfileirar(c.handle.db, { tipo, payload: {}, chave }, c.app.clock.now());
    };

    // A burst of sign-ups' e-mails: eight at a time, where one at a time they would take 320 ms.
    await enqueue('email', ['via:1', 'via:2', 'via:3', 'via:4', 'via:5', 'via:6', 'via:7', 'via:8']);
    await enqueue('email', ['via:9', 'via:10', 'via:11', 'via:12', 'via:13', 'via:14', 'via:15', 'via:16']);
    const started = performance.now();
    expect(await worker.runDue()).toBe(16);
    expect(performance.now() - started).toBeLessThan(320);
    expect(most.email).toBe(8);

    // Two exports and e-mails in one batch: the exports one after the other, the e-mails beside them.
    await enqueue('exportacao', ['pesada:1', 'pesada:2']);
    await enqueue('email', ['beside:1', 'beside:2', 'beside:3', 'beside:4']);
    expect(await worker.runDue()).toBe(6);
    expect(most.exportacao).toBe(1);
    expect(most.emailsBesideAnExport).toBe(4);
    const rows = await queryRows<{ status: string; n: number }>(
      c.handle.db,
      sql`select status, count(*)::int as n from jobs where tipo in ('email', 'exportacao') group by status`,
    );
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([['concluido', 22]]);
  });

  it('gives back a job whose turn came after half the lease, behind another of its type', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    for (const n of [1, 2]) await enfileirar(c.handle.db, { tipo: 'exportacao', payload: {}, chave: `vez:${n}` }, now);
    // A lease of 400 ms: the first export's 300 ms outlast half of it while the second waits its turn.
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 400, esperaBaseMs: 1000 });
    const leaseLeft: Record<string, number> = {};
    worker.register('exportacao', async (job) => {
      const [row] = await queryRows<{ bloqueado_ate: string }>(
        c.handle.db,
        sql`select bloqueado_ate from jobs where id = ${job.id}::uuid`,
      );
      leaseLeft[job.chave!] = new Date(row!.bloqueado_ate).getTime() - c.app.clock.now().getTime();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await worker.runDue()).toBe(2);
    // The second began on a claim of its own, with more than half its lease ahead: never on the first claim's
    // last 100 ms, when another instance may take it.
    expect(Object.keys(leaseLeft).sort()).toEqual(['vez:1', 'vez:2']);
    expect(leaseLeft['vez:2']).toBeGreaterThan(200);
    // Given back, it was not counted as a try.
    expect(await triesOf(c, 'vez:')).toEqual([
      ['vez:1', 'concluido', 1],
      ['vez:2', 'concluido', 1],
    ]);
  });

  it('gives the jobs of its batch not begun back to the queue when it stops', async () => {
    ctx = await createTestApp();
    const c = ctx;
    const now = c.app.clock.now();
    for (const n of [1, 2, 3])
      await enfileirar(c.handle.db, { tipo: 'limpeza', payload: {}, chave: `parada:${n}` }, now);
    const worker = new JobWorker(c.app, c.handle.db, { leaseMs: 60_000, esperaBaseMs: 1000 });
    worker.register('limpeza', async () => {
      // The process shutting down while its first job runs.
      void worker.stop();
    });
    expect(await worker.runDue()).toBe(1);
    const rows = await queryRows<{ status: string; tentativas: number }>(
      c.handle.db,
      sql`select status, tentativas from jobs where chave like 'parada:%' order by status`,
    );
    // Another instance may take the two others at once, not in a minute when their lease would have run out.
    expect(rows.map((r) => [r.status, Number(r.tentativas)])).toEqual([
      ['concluido', 1],
      ['pendente', 0],
      ['pendente', 0],
    ]);
  });
});
