import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Curso } from '../../../shared/schemas/curso';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import { clientes } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;
let horizonte: string;
/** A franquia of the other branch (Minas Gerais): none of Horizonte's courses. */
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
const CLIENTE_CONTAGEM = { email: 'cliente.contagem@demo.com.br' };
/** The demo's own courses of Colégio Horizonte (the 'cliente' account's). */
const DEMO_CURSOS_HORIZONTE = 3;
/** Courses written at once in SQL: with the demo's three, Horizonte's list stands at the limit. */
const SEEDED = TOTAL_COUNT_LIMIT - DEMO_CURSOS_HORIZONTE;

const novoCurso = (titulo: string) => ({
  titulo,
  valor: 1500,
  parcelas: 10,
  modulos: [{ titulo: 'Introdução', modulo: '1', cargaHoraria: 20 }],
});

async function createCurso(titulo: string): Promise<void> {
  const response = await as(ctx.app, 'cliente').post('/api/cursos', novoCurso(titulo));
  expect(response.statusCode).toBe(201);
}

/** The total a role's list answers, and whether the answer says it is not exact ('mais de', issue 46). */
async function totalOf(who: Parameters<typeof as>[1], url: string) {
  const response = await as(ctx.app, who).get(url);
  expect(response.statusCode).toBe(200);
  return {
    total: response.headers['x-total-count'],
    exact: response.headers['x-total-count-exact'],
    rows: (response.json() as Curso[]).length,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await ctx.handle.db
    .select({ id: clientes.id })
    .from(clientes)
    .where(eq(clientes.nomeFantasia, 'Colégio Horizonte'));
  horizonte = row!.id;
  // Courses have no counters: one statement writes them (a module each is not needed by the list).
  await ctx.handle.db.execute(sql`
    insert into cursos (cliente_id, titulo, valor, parcelas)
    select ${horizonte}, 'Curso Capado ' || g, 1000, 1 from generate_series(1, ${SEEDED}) g`);
}, 120_000);
afterAll(() => ctx.close());

describe('the Cursos total, counted up to 10,000 (issue 46)', () => {
  it('is exact, without X-Total-Count-Exact, up to the limit, and says it is not past it, whatever the query', async () => {
    const own = `/api/cursos?clienteId=${horizonte}&pageSize=5`;
    const exact = (total: number, rows = 5) => ({ total: String(total), exact: undefined, rows });
    const capped = { total: String(TOTAL_COUNT_LIMIT), exact: 'false', rows: 5 };
    // At the limit (10,000 courses): every variant counts them exactly.
    expect(await totalOf('cliente', '/api/cursos?pageSize=5')).toEqual(exact(TOTAL_COUNT_LIMIT));
    expect(await totalOf('franqueador', own)).toEqual(exact(TOTAL_COUNT_LIMIT));
    expect(await totalOf('micro_franquia', `${own}&sort=nome`)).toEqual(exact(TOTAL_COUNT_LIMIT));
    expect(await totalOf('cliente', '/api/cursos?q=capado&pageSize=5')).toEqual(exact(SEEDED));

    // One past it: 10000 and X-Total-Count-Exact: false, on every variant of the list, the page's rows as before.
    await createCurso('Curso Capado novo 1');
    for (const url of [
      '/api/cursos?pageSize=5',
      '/api/cursos?pageSize=5&sort=nome',
      '/api/cursos?pageSize=5&sort=-status&page=3',
      `${own}&sort=-nome`,
    ]) {
      expect(await totalOf('cliente', url), url).toEqual(capped);
    }
    for (const who of ['franqueador', 'franquia', 'micro_franquia', 'vendedor'] as const) {
      expect(await totalOf(who, '/api/cursos?pageSize=5'), who).toEqual(capped);
      expect(await totalOf(who, `${own}&sort=status`), who).toEqual(capped);
    }

    // A search is counted the same way: exact up to the limit (the demo's titles do not say 'capado'), then not.
    await createCurso('Curso Capado novo 2');
    await createCurso('Curso Capado novo 3');
    expect(await totalOf('franqueador', '/api/cursos?q=capado&pageSize=5')).toEqual(exact(TOTAL_COUNT_LIMIT));
    await createCurso('Curso Capado novo 4');
    expect(await totalOf('cliente', '/api/cursos?q=capado&pageSize=5')).toEqual(capped);
    expect(await totalOf('franqueador', '/api/cursos?q=capado&pageSize=5&sort=-nome')).toEqual(capped);
    expect(await totalOf('cliente', '/api/cursos?q=capado%20novo&pageSize=5')).toEqual(exact(4, 4));
  });

  it("keeps the exact total of the lists below the limit, and the pages past the first rows' still answer", async () => {
    expect(await totalOf(CLIENTE_CONTAGEM, '/api/cursos')).toEqual({ total: '1', exact: undefined, rows: 1 });
    const mg = await totalOf(FRANQUIA_MG, '/api/cursos');
    expect(mg.exact).toBeUndefined();
    expect(Number(mg.total)).toBe(mg.rows);
    // The last page of the rows counted, and the one after it, read as before.
    const last = await as(ctx.app, 'cliente').get('/api/cursos?pageSize=500&page=20');
    expect(last.json()).toHaveLength(500);
    const after = await as(ctx.app, 'cliente').get('/api/cursos?pageSize=500&page=21');
    expect(after.json()).toHaveLength(4);
    expect(after.headers['x-total-count']).toBe(String(TOTAL_COUNT_LIMIT));
    expect(after.headers['x-total-count-exact']).toBe('false');
  });
});
