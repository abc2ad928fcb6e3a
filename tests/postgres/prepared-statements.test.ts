import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/connect';
import { connectPostgres } from '../../src/server/db/postgres';
import { createTestApp, type TestContext } from '../setup/test-app';
import { queryRows } from '../support/database-digest';

/** connectPostgres names parameterised statements so each connection parses and plans them once (issue 8). */

let ctx: TestContext;
let handle: DatabaseHandle;

beforeAll(async () => {
  ctx = await createTestApp();
  handle = await connectPostgres(ctx.databaseUrl!, 1);
});
afterAll(async () => {
  await handle.close();
  await ctx.close();
});

const rows = <T>(query: SQL) => queryRows<T>(handle.db, query);

it('prepares a parameterised query once per connection and answers it right every time', async () => {
  for (const email of ['cliente@demo.com.br', 'franquia@demo.com.br', 'nobody@demo.com.br']) {
    const found = await rows<{ email: string }>(sql`select email from users where email = ${email}`);
    expect(found.map((r) => r.email)).toEqual(email.startsWith('nobody') ? [] : [email]);
  }
  const prepared = await rows<{ statement: string }>(
    sql`select statement from pg_prepared_statements where name like ${'s\\_%'}`,
  );
  expect(prepared.filter((p) => p.statement.includes('from users where email')).length).toBe(1);
});

it('opens every connection without JIT, which a plain connection to the same server keeps on (ADR 115)', async () => {
  const [app] = await rows<{ jit: string }>(sql`select current_setting('jit') as jit`);
  expect(app?.jit).toBe('off');
  // The server's own default, as a connection opened without the app's options sees it.
  const plain = new pg.Client({ connectionString: ctx.databaseUrl! });
  await plain.connect();
  try {
    const { rows: own } = await plain.query<{ jit: string }>(`select current_setting('jit') as jit`);
    expect(own[0]?.jit).toBe('on');
  } finally {
    await plain.end();
  }
});
