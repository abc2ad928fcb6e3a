import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Evento } from '../../../shared/schemas/evento';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import { clientes } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;
let horizonte: string;
/** A franquia of the other branch (Minas Gerais): none of Horizonte's events. */
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
/** The demo's own events of Colégio Horizonte (the 'cliente' account's). */
const DEMO_EVENTOS_HORIZONTE = 2;
/** Events written at once in SQL: with the demo's two, Horizonte's events stand at the limit. */
const SEEDED = TOTAL_COUNT_LIMIT - DEMO_EVENTOS_HORIZONTE;

async function createEvento(nomeEscola: string): Promise<void> {
  const response = await as(ctx.app, 'cliente').post('/api/eventos', {
    nomeEscola,
    tipoEscola: 'publica',
    cidade: 'Campinas',
    estado: 'SP',
    dataDistribuicao: '2030-03-01',
    dataEvento: '2030-03-15',
    horario: '19:30',
    local: 'escola',
    qtdAlunos: 100,
  });
  expect(response.statusCode).toBe(201);
}

/** The total a list answers, and whether the answer says it is not exact ('mais de', issue 46). */
async function totalOf(who: Parameters<typeof as>[1], url: string) {
  const response = await as(ctx.app, who).get(url);
  expect(response.statusCode, url).toBe(200);
  return {
    total: response.headers['x-total-count'],
    exact: response.headers['x-total-count-exact'],
    rows: (response.json() as Evento[]).length,
  };
}
const exact = (total: number, rows = 5) => ({ total: String(total), exact: undefined, rows });
const capped = { total: String(TOTAL_COUNT_LIMIT), exact: 'false', rows: 5 };

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await ctx.handle.db
    .select({ id: clientes.id })
    .from(clientes)
    .where(eq(clientes.nomeFantasia, 'Colégio Horizonte'));
  horizonte = row!.id;
  // One statement with the row triggers off (10,000 rows of them take half a minute), the scope path written as
  // eventos_fill_scope would; then the counters rebuilt from the rows, as a bulk import does. Half upcoming, half past.
  await ctx.handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into eventos (cliente_id, micro_franquia_id, vendedor_id, franquia_id, franqueador_id, nome_escola,
        tipo_escola, cidade, estado, data_distribuicao, data_evento, horario, local, qtd_alunos)
      select c.id, c.micro_franquia_id, c.vendedor_id, m.franquia_id, f.franqueador_id, 'Escola Capada ' || g,
        'publica', 'Campinas', 'SP', d, d, '19:30', 'escola', 100
      from clientes c join micro_franquias m on m.id = c.micro_franquia_id join franquias f on f.id = m.franquia_id,
        generate_series(1, ${SEEDED}) g, lateral (select (date '2020-01-01' + (g % 7300))::date as d) day
      where c.id = ${horizonte}`);
  });
  await ctx.handle.db.execute(sql`select scope_counts_rebuild()`);
}, 300_000);
afterAll(() => ctx.close());

describe('the Eventos total, counted up to 10,000 (issue 46)', () => {
  it('is exact up to the limit and says it is not past it, on every filter and order', async () => {
    const own = `/api/eventos?clienteId=${horizonte}&pageSize=5`;
    const sorts = ['', '&sort=proximos', '&sort=-dataEvento', '&sort=nomeEscola', '&sort=status'];
    // At the limit (10,000 of Horizonte's events): counted exactly, without X-Total-Count-Exact.
    for (const sort of sorts) expect(await totalOf('franqueador', own + sort)).toEqual(exact(TOTAL_COUNT_LIMIT));
    expect(await totalOf('micro_franquia', own)).toEqual(exact(TOTAL_COUNT_LIMIT));
    expect(await totalOf('cliente', '/api/eventos?q=capada&pageSize=5')).toEqual(exact(SEEDED));

    // One past it: 10000 and X-Total-Count-Exact: false, the page's rows as before.
    await createEvento('Escola Capada nova 1');
    for (const sort of sorts) {
      expect(await totalOf('cliente', own + sort), sort).toEqual(capped);
      expect(await totalOf('franqueador', `${own}${sort}&page=3`), sort).toEqual(capped);
    }
    for (const who of ['franquia', 'micro_franquia', 'vendedor'] as const) {
      expect(await totalOf(who, own), who).toEqual(capped);
    }
    // A state alone ('SP', on its own index) and a text search are counted the same way.
    expect(await totalOf('franqueador', '/api/eventos?q=SP&pageSize=5')).toEqual(capped);
    expect(await totalOf('cliente', '/api/eventos?q=capada&pageSize=5&sort=proximos')).toEqual(exact(SEEDED + 1));
    await createEvento('Escola Capada nova 2');
    expect(await totalOf('vendedor', '/api/eventos?q=capada&pageSize=5')).toEqual(exact(TOTAL_COUNT_LIMIT));
    await createEvento('Escola Capada nova 3');
    expect(await totalOf('cliente', '/api/eventos?q=capada&pageSize=5')).toEqual(capped);
    expect(await totalOf('franquia', '/api/eventos?q=capada&pageSize=5&sort=-nomeEscola')).toEqual(capped);
    expect(await totalOf('cliente', '/api/eventos?q=capada%20nova&pageSize=5')).toEqual(exact(3, 3));
  });

  it("answers a scope's whole total from its counters, exact whatever its size (as the funnel lists, ADR 032)", async () => {
    // Horizonte's 10,003 events: the counters hold them all, so no count is made and none is cut.
    expect(await totalOf('cliente', '/api/eventos?pageSize=5')).toEqual(exact(TOTAL_COUNT_LIMIT + 3));
    expect(await totalOf('cliente', '/api/eventos?pageSize=5&sort=-dataEvento')).toEqual(exact(TOTAL_COUNT_LIMIT + 3));
    const mg = await totalOf(FRANQUIA_MG, '/api/eventos');
    expect(mg.exact).toBeUndefined();
    expect(Number(mg.total)).toBe(mg.rows);
  });

  it('still answers the pages past the rows counted', async () => {
    const url = `/api/eventos?clienteId=${horizonte}&pageSize=500&sort=nomeEscola`;
    expect((await as(ctx.app, 'cliente').get(`${url}&page=20`)).json()).toHaveLength(500);
    const after = await as(ctx.app, 'cliente').get(`${url}&page=21`);
    expect((after.json() as Evento[]).map((e) => e.nomeEscola)).toHaveLength(3);
    expect(after.headers['x-total-count']).toBe(String(TOTAL_COUNT_LIMIT));
    expect(after.headers['x-total-count-exact']).toBe('false');
  });
});
