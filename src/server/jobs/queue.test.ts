import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { jsonObject } from './queue';

/** ADR 043: a webhook's body built in SQL, in the statement that writes its row, is the one JSON.stringify makes. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('jsonObject', () => {
  it("writes JSON.stringify's bytes for values of the request and of SQL, hostile text included", async () => {
    const hostile = 'Aspas " e \\ barra, quebra\nde linha\t, \u0001 controle, </script>, acentuação, emoji 🎓';
    const [row] = await queryRows<{ t: string }>(
      ctx.handle.db,
      sql`select ${jsonObject({
        id: sql`'0536a074-2aff-49e4-a574-34bb46e49529'::uuid`,
        nome: hostile,
        doBanco: sql`${hostile}::text`,
        vazio: null,
        nulo: sql`null::text`,
        sim: true,
        nao: sql`false`,
        n: 42,
        criadoEm: sql`to_char('2026-11-24 21:17:10.123456+00'::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })} as t`,
    );
    expect(row!.t).toBe(
      JSON.stringify({
        id: '0536a074-2aff-49e4-a574-34bb46e49529',
        nome: hostile,
        doBanco: hostile,
        vazio: null,
        nulo: null,
        sim: true,
        nao: false,
        n: 42,
        criadoEm: new Date('2026-11-24T21:17:10.123Z').toISOString(),
      }),
    );
  });
});
