import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { foldPresencas, foldPresencasRound } from './presencas';

/** Migration 0027 (ADR 042): the presences a check-in leaves pending reach the funnel's counters whole. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const path = () => Array.from({ length: 6 }, () => randomUUID());
const pendente = (p: string[], d: string, dx: number, n = 1) =>
  ctx.handle.db.execute(sql`insert into presencas_pendentes (p, d, dx, evento_id)
    select ${`{${p.join(',')}}`}::uuid[], ${d}::date, ${dx}, ${p[5]}::uuid from generate_series(1, ${n})`);
const counters = async (table: 'funnel_dia' | 'funnel_mes', p: string[]) =>
  (
    await queryRows<{ nivel: number; n: number }>(
      ctx.handle.db,
      sql`select nivel, sum(presencas)::int as n from ${sql.identifier(table)}
        where franqueador_id = ${p[0]} group by nivel order by nivel`,
    )
  ).map((r) => [Number(r.nivel), Number(r.n)]);

describe('funnel_presencas_fold', () => {
  it('folds more pending presences than one step takes, per level, day and month, and leaves none', async () => {
    const a = path();
    // 1,500 check-ins on one day, 700 on another day of the same month, and one undone: more than a step's 1,000.
    await pendente(a, '2026-11-02', 1, 1500);
    await pendente(a, '2026-11-20', 1, 700);
    await pendente(a, '2026-11-20', -1);
    expect(await foldPresencas(ctx.handle.db)).toBe(2201);
    const every = [0, 1, 2, 3, 4, 5];
    expect(await counters('funnel_mes', a)).toEqual(every.map((n) => [n, 2199]));
    expect(await counters('funnel_dia', a)).toEqual(every.map((n) => [n, 2199]));
    const dias = await queryRows<{ dia: string; n: number }>(
      ctx.handle.db,
      sql`select dia::text as dia, sum(presencas)::int as n from funnel_dia where evento_id = ${a[5]} group by dia order by dia`,
    );
    expect(dias.map((r) => [r.dia, Number(r.n)])).toEqual([
      ['2026-11-02', 1500],
      ['2026-11-20', 699],
    ]);
    const [left] = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from presencas_pendentes`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it("the worker's round folds and vacuums; with nothing pending it takes nothing", async () => {
    const b = path();
    await pendente(b, '2026-10-31', 1, 3);
    expect(await foldPresencasRound(ctx.handle.db)).toBe(3);
    expect(await counters('funnel_mes', b)).toEqual([0, 1, 2, 3, 4, 5].map((n) => [n, 3]));
    expect(await foldPresencasRound(ctx.handle.db)).toBe(0);
  });
});
