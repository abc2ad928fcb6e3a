import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Curso } from '../../../shared/schemas/curso';
import { clientes, franquias, microFranquias } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
const MICRO_CONTAGEM = { email: 'micro.contagem@demo.com.br' };
let ids: { horizonte: string; campinas: string; contagem: string; paulista: string; minas: string };

/** The titles of the courses a caller lists. */
async function titulos(who: Parameters<typeof as>[1]): Promise<string[]> {
  const response = await as(ctx.app, who).get('/api/cursos?pageSize=500');
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-total-count']).toBe(String(response.json().length));
  return (response.json() as Curso[]).map((c) => c.titulo).sort();
}

const HORIZONTE = ['Inglês Intensivo', 'Preparatório ENEM', 'Técnico em Administração'];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const id = async (table: typeof microFranquias | typeof franquias, razaoSocial: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.razaoSocial, razaoSocial)))[0]!.id;
  const [horizonte] = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(eq(clientes.nomeFantasia, 'Colégio Horizonte'));
  ids = {
    horizonte: horizonte!.id,
    campinas: await id(microFranquias, 'Campinas Educação ME'),
    contagem: await id(microFranquias, 'Contagem Cursos ME'),
    paulista: await id(franquias, 'Educa Paulista Franquias Ltda'),
    minas: await id(franquias, 'Minas Saber Franquias Ltda'),
  };
});
afterAll(() => ctx.close());

describe("a course's scope follows its cliente in the tree (migration 0075)", () => {
  it('is read by the roles above the cliente only, and moves when the cliente, its micro-franquia or franquia moves', async () => {
    expect(await titulos('micro_franquia')).toEqual(expect.arrayContaining(HORIZONTE));
    expect(await titulos('vendedor')).toEqual(expect.arrayContaining(HORIZONTE));
    expect(await titulos(FRANQUIA_MG)).not.toContain('Inglês Intensivo');

    // The cliente moves to the Contagem micro-franquia (Minas Gerais), without its vendedor.
    await ctx.handle.db
      .update(clientes)
      .set({ microFranquiaId: ids.contagem, vendedorId: null })
      .where(eq(clientes.id, ids.horizonte));
    expect(await titulos(MICRO_CONTAGEM)).toEqual(expect.arrayContaining(HORIZONTE));
    expect(await titulos(FRANQUIA_MG)).toEqual(expect.arrayContaining(HORIZONTE));
    for (const who of ['micro_franquia', 'vendedor', 'franquia'] as const) {
      expect(await titulos(who), who).not.toContain('Inglês Intensivo');
    }
    expect(await titulos('franqueador')).toEqual(expect.arrayContaining(HORIZONTE));
    expect(await titulos('cliente')).toEqual(HORIZONTE);

    // The Contagem micro-franquia moves to the São Paulo franquia: its clientes' courses go with it.
    await ctx.handle.db
      .update(microFranquias)
      .set({ franquiaId: ids.paulista })
      .where(eq(microFranquias.id, ids.contagem));
    expect(await titulos('franquia')).toEqual(expect.arrayContaining([...HORIZONTE, 'Informática Básica']));
    expect(await titulos(FRANQUIA_MG)).toEqual([]);
    expect((await as(ctx.app, FRANQUIA_MG).get(`/api/cursos?clienteId=${ids.horizonte}`)).statusCode).toBe(404);
  });

  it("gives a new course its cliente's path", async () => {
    const created = await as(ctx.app, 'cliente').post('/api/cursos', {
      titulo: 'Curso Novo do Escopo',
      valor: 100,
      parcelas: 1,
      modulos: [{ titulo: 'Único', modulo: '1', cargaHoraria: 10 }],
    });
    expect(created.statusCode).toBe(201);
    expect(await titulos(MICRO_CONTAGEM)).toContain('Curso Novo do Escopo');
    expect(await titulos('franquia')).toContain('Curso Novo do Escopo');
    expect(await titulos('micro_franquia')).not.toContain('Curso Novo do Escopo');
  });
});
