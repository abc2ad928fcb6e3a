import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { queryRows } from '../../../tests/support/database-digest';
import { semWorkersParalelos } from './connect';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The plan of a count over every lead, parallel plans made as cheap as they can be. */
async function plano(where: ReturnType<typeof sql> | null): Promise<string> {
  return ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 2`);
    await tx.execute(sql`set local parallel_setup_cost = 0`);
    await tx.execute(sql`set local parallel_tuple_cost = 0`);
    await tx.execute(sql`set local min_parallel_table_scan_size = 0`);
    await tx.execute(sql`set local min_parallel_index_scan_size = 0`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select count(*) from leads${where ? sql` where ${where}` : sql``}`,
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('semWorkersParalelos (issue 48)', () => {
  it('keeps a statement from a parallel plan that it would have had', async () => {
    if (ctx.handle.kind === 'postgres') expect(await plano(null)).toContain('Gather');
    expect(await plano(semWorkersParalelos)).not.toContain('Gather');
  });

  it('keeps every row, and leaves the connection as it was once the statement is over', async () => {
    const before = await queryRows<{ v: string }>(
      ctx.handle.db,
      sql`select current_setting('max_parallel_workers_per_gather') as v`,
    );
    const rows = await queryRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from generate_series(1, 3) where ${semWorkersParalelos}`,
    );
    expect(rows).toEqual([{ n: 3 }]);
    const after = await queryRows<{ v: string }>(
      ctx.handle.db,
      sql`select current_setting('max_parallel_workers_per_gather') as v`,
    );
    expect(after).toEqual(before);
  });
});
