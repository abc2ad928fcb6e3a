import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Curso } from '../../../shared/schemas/curso';
import { clientes, cursos } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';

let ctx: TestContext;
/** Demo users beyond the one account per role. */
const CLIENTE_CONTAGEM = { email: 'cliente.contagem@demo.com.br' };
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
let ids: { horizonte: string; valinhos: string; contagem: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.handle.db.select({ id: clientes.id, nome: clientes.nomeFantasia }).from(clientes);
  const byName = (nome: string) => rows.find((r) => r.nome === nome)!.id;
  ids = {
    horizonte: byName('Colégio Horizonte'),
    valinhos: byName('Escola Estadual Valinhos'),
    contagem: byName('Instituto Saber Contagem'),
  };
});
afterAll(() => ctx.close());

const novoCurso = (overrides: Record<string, unknown> = {}) => ({
  titulo: `Curso ${Math.random().toString(36).slice(2, 8)}`,
  descricao: 'Descrição do curso',
  valor: 1500,
  valorComDesconto: 1200.5,
  parcelas: 10,
  modulos: [
    { titulo: 'Introdução', modulo: '1', cargaHoraria: 20 },
    { titulo: 'Prática', modulo: '2A', cargaHoraria: 30 },
  ],
  ...overrides,
});

async function createCurso(overrides: Record<string, unknown> = {}): Promise<Curso> {
  const response = await as(ctx.app, 'cliente').post('/api/cursos', novoCurso(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('GET /api/cursos', () => {
  it("answers the cliente's own courses with their modules in order, money as numbers, and the count", async () => {
    const response = await as(ctx.app, 'cliente').get('/api/cursos');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    const list: Curso[] = response.json();
    expect(list.map((c) => c.titulo).sort()).toEqual([
      'Inglês Intensivo',
      'Preparatório ENEM',
      'Técnico em Administração',
    ]);
    const adm = list.find((c) => c.titulo === 'Técnico em Administração')!;
    expect(adm).toMatchObject({ valor: 4800, valorComDesconto: 3840, parcelas: 12, isActive: true });
    expect(adm.modulos.map((m) => [m.ordem, m.modulo, m.cargaHoraria])).toEqual([
      [1, '1', 80],
      [2, '2', 60],
      [3, '2A', 40],
    ]);
    expect(list.find((c) => c.titulo === 'Inglês Intensivo')!.valorComDesconto).toBeNull();
  });

  it("another cliente sees only its own; a client id outside the caller's scope is 404", async () => {
    const response = await as(ctx.app, CLIENTE_CONTAGEM).get('/api/cursos');
    expect(response.json().map((c: Curso) => c.titulo)).toEqual(['Informática Básica']);
    expect((await as(ctx.app, CLIENTE_CONTAGEM).get(`/api/cursos?clienteId=${ids.horizonte}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'cliente').get(`/api/cursos?clienteId=${ids.horizonte}`)).headers['x-total-count']).toBe(
      '3',
    );
  });

  it("offers a client's courses to the roles above it, in their scope only", async () => {
    const horizonte = await as(ctx.app, 'micro_franquia').get(`/api/cursos?clienteId=${ids.horizonte}`);
    expect(horizonte.statusCode).toBe(200);
    expect(horizonte.json().every((c: Curso) => c.clienteId === ids.horizonte)).toBe(true);
    expect((await as(ctx.app, 'micro_franquia').get(`/api/cursos?clienteId=${ids.valinhos}`)).json()).toEqual([]);
    const outside = await as(ctx.app, 'micro_franquia').get(`/api/cursos?clienteId=${ids.contagem}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Cliente não encontrado' });

    expect((await as(ctx.app, 'vendedor').get(`/api/cursos?clienteId=${ids.horizonte}`)).statusCode).toBe(200);
    expect((await as(ctx.app, 'vendedor').get(`/api/cursos?clienteId=${ids.contagem}`)).statusCode).toBe(404);

    expect((await as(ctx.app, FRANQUIA_MG).get(`/api/cursos?clienteId=${ids.contagem}`)).statusCode).toBe(200);
    expect((await as(ctx.app, FRANQUIA_MG).get(`/api/cursos?clienteId=${ids.horizonte}`)).statusCode).toBe(404);
  });

  it('searches titles in SQL and pages with X-Total-Count', async () => {
    const response = await as(ctx.app, 'cliente').get('/api/cursos?q=ingl&pageSize=1');
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.json()[0].titulo).toBe('Inglês Intensivo');
    const page2 = await as(ctx.app, 'cliente').get('/api/cursos?pageSize=2&page=2');
    expect(page2.json()).toHaveLength(1);
    expect(page2.headers['x-total-count']).toBe('3');
  });

  it('answers 401 without a session and 403 to an aluno', async () => {
    expect((await as(ctx.app, null).get('/api/cursos')).statusCode).toBe(401);
    expect((await as(ctx.app, 'aluno').get('/api/cursos')).statusCode).toBe(403);
  });
});

describe('POST /api/cursos', () => {
  it('keeps money to cents on the wire and in the database (DESIGN §4.3)', async () => {
    const curso = await createCurso({ valor: 1234.567, valorComDesconto: 999.994 });
    expect([curso.valor, curso.valorComDesconto]).toEqual([1234.57, 999.99]);
    const listed: Curso[] = (await as(ctx.app, 'cliente').get('/api/cursos?pageSize=500')).json();
    expect(listed.find((c) => c.id === curso.id)).toMatchObject({ valor: 1234.57, valorComDesconto: 999.99 });
    const [row] = await ctx.handle.db
      .select({ text: sql<string>`${cursos.valor}::text` })
      .from(cursos)
      .where(eq(cursos.id, curso.id));
    expect(row!.text).toBe('1234.57');
  });

  it('creates the course and its modules together, ordem being the 1-based position', async () => {
    const curso = await createCurso({ clienteId: ids.contagem });
    expect(curso.clienteId).toBe(ids.horizonte);
    expect(curso).toMatchObject({ valor: 1500, valorComDesconto: 1200.5, parcelas: 10, isActive: true });
    expect(curso.modulos.map((m) => [m.ordem, m.titulo, m.modulo])).toEqual([
      [1, 'Introdução', '1'],
      [2, 'Prática', '2A'],
    ]);
    const list: Curso[] = (await as(ctx.app, 'cliente').get('/api/cursos')).json();
    expect(list[0]!.id).toBe(curso.id);
  });

  it('answers every rule of SPEC §5 with its message and creates nothing', async () => {
    const before = (await as(ctx.app, 'cliente').get('/api/cursos')).headers['x-total-count'];
    const noModules = await as(ctx.app, 'cliente').post('/api/cursos', novoCurso({ modulos: [] }));
    expect(noModules.statusCode).toBe(400);
    expect(noModules.json().message).toBe('Adicione pelo menos um módulo');

    const discount = await as(ctx.app, 'cliente').post('/api/cursos', novoCurso({ valor: 100, valorComDesconto: 150 }));
    expect(discount.statusCode).toBe(400);
    expect(discount.json().errors).toEqual({
      valorComDesconto: 'Valor com desconto deve ser menor ou igual ao valor original',
    });

    const fields = await as(ctx.app, 'cliente').post(
      '/api/cursos',
      novoCurso({ titulo: '', valor: -1, parcelas: 0, modulos: [{ titulo: '', modulo: '', cargaHoraria: 0 }] }),
    );
    expect(fields.json().errors).toEqual({
      titulo: 'Título é obrigatório',
      valor: 'Valor deve ser maior ou igual a 0',
      parcelas: 'Número de parcelas deve ser maior que 0',
      'modulos.0.titulo': 'Título do módulo é obrigatório',
      'modulos.0.modulo': 'Módulo é obrigatório',
      'modulos.0.cargaHoraria': 'Carga horária deve ser maior que 0',
    });
    expect((await as(ctx.app, 'cliente').get('/api/cursos')).headers['x-total-count']).toBe(before);
  });

  it('is refused to every role but cliente', async () => {
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'aluno'] as const) {
      const response = await as(ctx.app, role).post('/api/cursos', novoCurso());
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('PATCH /api/cursos/:id', () => {
  it('updates the course fields and keeps its modules', async () => {
    const curso = await createCurso();
    const response = await as(ctx.app, 'cliente').patch(`/api/cursos/${curso.id}`, {
      titulo: 'Novo título',
      descricao: '',
      valor: 2000,
      valorComDesconto: null,
      parcelas: 12,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      titulo: 'Novo título',
      descricao: null,
      valor: 2000,
      valorComDesconto: null,
      parcelas: 12,
    });
    expect(response.json().modulos).toHaveLength(2);
  });

  it('checks the discount against the stored value', async () => {
    const curso = await createCurso({ valor: 500, valorComDesconto: 400 });
    const response = await as(ctx.app, 'cliente').patch(`/api/cursos/${curso.id}`, { valorComDesconto: 600 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Valor com desconto deve ser menor ou igual ao valor original');
  });

  it('deactivates with only isActive, and the deactivation can be undone (ADR 036)', async () => {
    const curso = await createCurso();
    const off = await as(ctx.app, 'cliente').patch(`/api/cursos/${curso.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, titulo: curso.titulo, descricao: curso.descricao });
    const on = await as(ctx.app, 'cliente').patch(`/api/cursos/${curso.id}`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ isActive: true, titulo: curso.titulo });
  });

  it("answers 404 for another client's course", async () => {
    const [informatica] = await ctx.handle.db
      .select({ id: cursos.id })
      .from(cursos)
      .where(eq(cursos.titulo, 'Informática Básica'));
    const response = await as(ctx.app, 'cliente').patch(`/api/cursos/${informatica!.id}`, { titulo: 'Invadido' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Curso não encontrado');
    const module = await as(ctx.app, 'cliente').post(`/api/cursos/${informatica!.id}/modulos`, {
      titulo: 'X',
      modulo: '9',
      cargaHoraria: 1,
    });
    expect(module.statusCode).toBe(404);
  });
});

describe('modules', () => {
  it('adds a module at the end, updates it, removes one and renumbers', async () => {
    const curso = await createCurso();
    const added = await as(ctx.app, 'cliente').post(`/api/cursos/${curso.id}/modulos`, {
      titulo: 'Projeto final',
      modulo: '3',
      cargaHoraria: 10,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ ordem: 3, titulo: 'Projeto final', isActive: true });

    const patched = await as(ctx.app, 'cliente').patch(`/api/cursos/${curso.id}/modulos/${added.json().id}`, {
      cargaHoraria: 12,
      isActive: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ cargaHoraria: 12, isActive: false, titulo: 'Projeto final' });

    const removed = await as(ctx.app, 'cliente').delete(`/api/cursos/${curso.id}/modulos/${curso.modulos[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Módulo removido' });
    const after: Curso = (await as(ctx.app, 'cliente').get('/api/cursos')).json().find((c: Curso) => c.id === curso.id);
    expect(after.modulos.map((m) => [m.ordem, m.titulo])).toEqual([
      [1, 'Prática'],
      [2, 'Projeto final'],
    ]);
  });

  it('answers the messages of SPEC §5 for a module', async () => {
    const curso = await createCurso();
    const response = await as(ctx.app, 'cliente').post(`/api/cursos/${curso.id}/modulos`, {
      titulo: 'Sem horas',
      modulo: '3',
      cargaHoraria: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Carga horária deve ser maior que 0');
  });

  it('never removes the last module of a course', async () => {
    const curso = await createCurso({ modulos: [{ titulo: 'Único', modulo: '1', cargaHoraria: 8 }] });
    const response = await as(ctx.app, 'cliente').delete(`/api/cursos/${curso.id}/modulos/${curso.modulos[0]!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Deve haver pelo menos um módulo');
  });

  it("answers 404 for a module of another course, and 403 to roles that don't manage courses", async () => {
    const a = await createCurso();
    const b = await createCurso();
    const response = await as(ctx.app, 'cliente').delete(`/api/cursos/${a.id}/modulos/${b.modulos[0]!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Módulo não encontrado');
    expect(
      (await as(ctx.app, 'micro_franquia').delete(`/api/cursos/${a.id}/modulos/${a.modulos[0]!.id}`)).statusCode,
    ).toBe(403);
    expect((await as(ctx.app, 'micro_franquia').patch(`/api/cursos/${a.id}`, { isActive: false })).statusCode).toBe(
      403,
    );
  });
});
