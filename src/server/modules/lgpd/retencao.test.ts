import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { resumoRetencao } from './retencao';

/** The retention's next run, before its first (ADR 065): the day's job is due at the configured hour in Brasília. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.handle.db.execute(sql`delete from lgpd_retencao_execucoes`);
});
afterAll(async () => {
  await ctx.close();
});

describe('the retention summary before its first run', () => {
  it("expects it at today's hour while the hour is ahead, and at once once it has passed", async () => {
    const before = await resumoRetencao(ctx.handle.db, 24, new Date('2031-03-10T05:00:00Z'), 3);
    expect(before.ultimaExecucao).toBeNull();
    expect(before.proximaExecucao.em).toBe('2031-03-10T06:00:00.000Z');
    const after = await resumoRetencao(ctx.handle.db, 24, new Date('2031-03-10T20:00:00Z'), 3);
    expect(after.proximaExecucao.em).toBe('2031-03-10T20:00:00.000Z');
  });
});
