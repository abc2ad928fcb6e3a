import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { foldContagens, foldContagensRound } from './fold.repository';

/**
 * Migrations 0027 and 0028 (ADRs 042 and 043): the presences a check-in and the leads a sign-up leave pending reach
 * the counters whole.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Whatever the template left pending, so each count below is this file's own.
  await foldContagens(ctx.handle.db);
});
afterAll(async () => {
  await ctx.close();
});

const path = () => Array.from({ length: 6 }, () => randomUUID());
const pendente = (p: string[], d: string, dx: number, n = 1) =>
  ctx.handle.db.execute(sql`insert into contagens_pendentes (p, d, dx, evento_id)
    select ${`{${p.join(',')}}`}::uuid[], ${d}::date, ${dx}, ${p[5]}::uuid from generate_series(1, ${n})`);
const counters = async (table: 'funnel_dia' | 'funnel_mes', p: string[]) =>
  (
    await queryRows<{ nivel: number; n: number }>(
      ctx.handle.db,
      sql`select nivel, sum(presencas)::int as n from ${sql.identifier(table)}
        where franqueador_id = ${p[0]} group by nivel order by nivel`,
    )
  ).map((r) => [Number(r.nivel), Number(r.n)]);

describe('funnel_contagens_fold', () => {
  it('folds more pending presences than one step takes, per level, day and month, and leaves none', async () => {
    const a = path();
    // 1,500 check-ins on one day, 700 on another day of the same month, and one undone: more than a step's 1,000.
    await pendente(a, '2026-11-02', 1, 1500);
    await pendente(a, '2026-11-20', 1, 700);
    await pendente(a, '2026-11-20', -1);
    expect(await foldContagens(ctx.handle.db)).toBe(2201);
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
      sql`select count(*)::int as n from contagens_pendentes`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it("the worker's round folds and vacuums; with nothing pending it takes nothing", async () => {
    const b = path();
    await pendente(b, '2026-10-31', 1, 3);
    expect(await foldContagensRound(ctx.handle.db)).toBe(3);
    expect(await counters('funnel_mes', b)).toEqual([0, 1, 2, 3, 4, 5].map((n) => [n, 3]));
    expect(await foldContagensRound(ctx.handle.db)).toBe(0);
  });

  it("folds pending sign-ups into every node's total and the funnel's days and months", async () => {
    const c = path();
    // A path without a vendedor (a cliente of the micro-franquia's own), as many are.
    const semVendedor = c.map((id, i) => (i === 3 ? null : id));
    await ctx.handle.db.execute(sql`insert into contagens_pendentes (p, d, dl, evento_id)
      select array[${c[0]}::uuid, ${c[1]}::uuid, ${c[2]}::uuid, null, ${c[4]}::uuid, ${c[5]}::uuid],
        '2026-11-23'::date, 1, ${c[5]}::uuid from generate_series(1, 1200)`);
    expect(await foldContagens(ctx.handle.db)).toBe(1200);
    const totals = await queryRows<{ scope_id: string; n: number }>(
      ctx.handle.db,
      sql`select scope_id, sum(leads)::int as n from scope_counts
        where scope_id = any (${`{${c.join(',')}}`}::uuid[]) group by scope_id`,
    );
    const byNode = new Map(totals.map((r) => [r.scope_id, Number(r.n)]));
    expect(semVendedor.map((id) => (id ? byNode.get(id) : undefined))).toEqual([
      1200,
      1200,
      1200,
      undefined,
      1200,
      1200,
    ]);
    const leadsPorNivel = await queryRows<{ nivel: number; n: number }>(
      ctx.handle.db,
      sql`select nivel, sum(leads)::int as n from funnel_mes where franqueador_id = ${c[0]} group by nivel order by nivel`,
    );
    expect(leadsPorNivel.map((r) => [Number(r.nivel), Number(r.n)])).toEqual([0, 1, 2, 3, 4, 5].map((n) => [n, 1200]));
  });

  it('gives back the pages a burst grew the table by, so readers of the pending rows do not scan them', async () => {
    const d = path();
    await pendente(d, '2026-11-24', 1, 12_000);
    const pages = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.handle.db,
        sql`select (pg_relation_size('contagens_pendentes') / current_setting('block_size')::int)::int as n`,
      );
      return Number(row!.n);
    };
    expect(await pages()).toBeGreaterThan(64);
    expect(await foldContagensRound(ctx.handle.db)).toBe(12_000);
    expect(await pages()).toBeLessThanOrEqual(1);
  });
});
