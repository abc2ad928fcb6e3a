import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { jsonObjectClose, jsonObjectOpen } from './queue';

/** ADR 043: a webhook's body built in SQL, in the statement that writes its row, is the one JSON.stringify makes. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('jsonObjectOpen and jsonObjectClose', () => {
  const hostile = 'Aspas " e \\ barra, quebra\nde linha\t, \u0001 controle, </script>, acentuação, emoji 🎓';
  const criadoEm = sql`to_char('2026-11-24 21:17:10.123456+00'::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const closed = async (aberto: string, ultimo: SQL) =>
    (
      await queryRows<{ t: string }>(ctx.handle.db, sql`select ${jsonObjectClose(sql`${aberto}::text`, ultimo)} as t`)
    )[0]!.t;

  it("writes JSON.stringify's bytes, the last value from SQL, hostile text included", async () => {
    const fields = { id: '0536a074-2aff-49e4-a574-34bb46e49529', nome: hostile, vazio: null, sim: true, n: 42 };
    expect(await closed(jsonObjectOpen(fields, 'criadoEm'), criadoEm)).toBe(
      JSON.stringify({ ...fields, criadoEm: new Date('2026-11-24T21:17:10.123Z').toISOString() }),
    );
    expect(await closed(jsonObjectOpen(fields, 'doBanco'), sql`${hostile}::text`)).toBe(
      JSON.stringify({ ...fields, doBanco: hostile }),
    );
  });

  it('writes an object of one member, and null for a null value', async () => {
    expect(await closed(jsonObjectOpen({}, 'nulo'), sql`null::text`)).toBe('{"nulo":null}');
    expect(await closed(jsonObjectOpen({ a: 1 }, 'nao'), sql`false`)).toBe('{"a":1,"nao":false}');
  });
});
