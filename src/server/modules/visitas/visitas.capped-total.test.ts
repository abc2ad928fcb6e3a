import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import type { VisitaView } from '../../../shared/schemas/visita';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { as } from '../../../../tests/support/inject-as';

/**
 * The Visitas total is counted as every list's, up to 10,000 (issue 21; ADR 160): exact, without
 * X-Total-Count-Exact, up to the limit; past it, 10000 and X-Total-Count-Exact: false, the page's rows and their
 * order as before. A network's visits were counted to the last (40,000 in the benchmark network).
 */

let ctx: TestContext;
let horizonte: string;

/** The total a role's list answers, whether it says it is not exact, and the page's visits. */
async function totalOf(who: Parameters<typeof as>[1], url: string) {
  const response = await as(ctx.app, who).get(url);
  expect(response.statusCode, response.body).toBe(200);
  return {
    total: response.headers['x-total-count'],
    exact: response.headers['x-total-count-exact'],
    visitas: response.json<VisitaView[]>(),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await queryRows<{ id: string }>(
    ctx.handle.db,
    sql`select id from clientes where nome_fantasia = 'Colégio Horizonte'`,
  );
  horizonte = row!.id;
  // The micro-franquia's visits brought to the limit: the demo's own, and the rest at its Colégio Horizonte, a day
  // apart, written at once in SQL (each through the API would take minutes).
  const { total } = await totalOf('micro_franquia', '/api/visitas?pageSize=5');
  const faltam = TOTAL_COUNT_LIMIT - Number(total);
  await ctx.handle.db.execute(sql`
    insert into visitas (cliente_id, agendada_para, objetivo, status)
    select ${horizonte}, timestamptz '2031-01-01 12:00Z' - g * interval '1 day', 'Visita de número ' || g, 'agendada'
    from generate_series(1, ${faltam}) g`);
}, 120_000);
afterAll(() => ctx.close());

describe('the Visitas total, counted up to 10,000 (issue 21, ADR 160)', () => {
  it('is exact up to the limit and says it is not past it, the page unchanged', async () => {
    const exact = await totalOf('micro_franquia', '/api/visitas?pageSize=5');
    expect([exact.total, exact.exact, exact.visitas.length]).toEqual([String(TOTAL_COUNT_LIMIT), undefined, 5]);

    // One visit more, the newest of all: the list says 'more than' and shows it first.
    const criada = await as(ctx.app, 'franqueador').post('/api/visitas', {
      clienteId: horizonte,
      agendadaPara: '2031-06-01T12:00:00.000Z',
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const capped = await totalOf('micro_franquia', '/api/visitas?pageSize=5');
    expect([capped.total, capped.exact]).toEqual([String(TOTAL_COUNT_LIMIT), 'false']);
    expect(capped.visitas.map((v) => v.id)).toEqual([
      criada.json<VisitaView>().id,
      ...exact.visitas.slice(0, 4).map((v) => v.id),
    ]);
    // The levels above see them past the limit too; a filter under the limit is exact again.
    for (const who of ['franqueador', 'franquia'] as const) {
      expect((await totalOf(who, '/api/visitas?pageSize=5')).exact, who).toBe('false');
    }
    const umDia = await totalOf('franqueador', '/api/visitas?de=2030-12-31&ate=2030-12-31');
    expect([umDia.total, umDia.exact, umDia.visitas.length]).toEqual(['1', undefined, 1]);
  });
});
