import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import { enfileirarEmail } from '../../src/server/jobs';
import type { MailMessage } from '../../src/server/mail/mailer';
import { createTestApp, type TestContext } from '../setup/test-app';
import { queryRows } from '../support/database-digest';

/**
 * Two instances, one PostgreSQL (issue 22): each runs its worker over the same jobs table, and no e-mail is sent
 * twice. Each instance's mailer is slow (a real SMTP round trip), so both are busy at once.
 */

const sent: { instance: string; to: string }[] = [];
const slowMailer = (instance: string) => ({
  async send(message: MailMessage) {
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 10));
    sent.push({ instance, to: message.to });
  },
});

let a: TestContext;
let appA: FastifyInstance;
let bHandle: DatabaseHandle;
let b: FastifyInstance;

beforeAll(async () => {
  a = await createTestApp();
  // Both instances with a counting mailer: A is rebuilt on A's database with its own.
  appA = await buildApp(a.config, { db: a.handle.db, listen: a.handle.listen, mailer: slowMailer('a') });
  await appA.ready();
  bHandle = await connectPostgres(a.databaseUrl!, 5);
  b = await buildApp(a.config, { db: bHandle.db, listen: bHandle.listen, mailer: slowMailer('b') });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bHandle.close();
  await appA.close();
  await a.close();
});

describe('two workers on one PostgreSQL', () => {
  it('send each of 200 e-mail jobs exactly once between them', async () => {
    const N = 200;
    await a.handle.db.transaction(async (tx) => {
      for (let i = 0; i < N; i++) {
        await enfileirarEmail(
          appA,
          tx,
          { to: `pessoa${i}@exemplo.com.br`, subject: 'Teste', text: 't', html: '<p>t</p>' },
          { rede: null, registroId: null },
        );
      }
    });
    await Promise.all([appA.jobs.runDue(), b.jobs.runDue(), appA.jobs.runDue(), b.jobs.runDue()]);
    const addresses = sent.map((s) => s.to).sort();
    expect(addresses).toHaveLength(N);
    expect(new Set(addresses).size).toBe(N);
    // Both took part.
    expect(new Set(sent.map((s) => s.instance)).size).toBe(2);
    const [row] = await queryRows<{ n: number }>(
      a.handle.db,
      sql`select count(*)::int as n from jobs where tipo = 'email' and status = 'concluido' and tentativas = 1`,
    );
    expect(row!.n).toBe(N);
  });
});
