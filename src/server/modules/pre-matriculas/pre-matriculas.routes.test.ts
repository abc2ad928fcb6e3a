import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import type { Role } from '../../../shared/roles';
import type { PreMatriculaItem } from '../../../shared/schemas/funnel';
import { preMatriculas } from '../../db/schema';

let ctx: TestContext;

async function names(role: Role, url: string): Promise<string[]> {
  const response = await as(ctx.app, role).get(url);
  expect(response.statusCode).toBe(200);
  return (response.json() as PreMatriculaItem[]).map((p) => p.nome).sort();
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/pre-matriculas', () => {
  it('answers each role the pre-matrículas of its events, the aluno only its own', async () => {
    expect(await names('franqueador', '/api/pre-matriculas')).toHaveLength(5);
    expect(await names('franquia', '/api/pre-matriculas')).not.toContain('Beatriz Fernandes');
    expect(await names('vendedor', '/api/pre-matriculas')).toHaveLength(4);
    expect(await names('cliente', '/api/pre-matriculas')).toEqual([
      'Gabriela Santos',
      'Lucas Oliveira',
      'Mariana Costa',
    ]);
    expect(await names('aluno', '/api/pre-matriculas')).toEqual(['Mariana Costa']);
  });

  it('carries status, course and event, and no CPF', async () => {
    const [mariana] = (await as(ctx.app, 'aluno').get('/api/pre-matriculas')).json() as PreMatriculaItem[];
    expect(mariana).toMatchObject({
      nome: 'Mariana Costa',
      email: 'aluno@demo.com.br',
      telefone: '19988776655',
      cursoInteresse: 'Preparatório ENEM',
      status: 'efetivada',
      evento: { nomeEscola: 'Colégio Horizonte', cidade: 'Campinas', estado: 'SP' },
    });
    expect(mariana).not.toHaveProperty('cpfAluno');
    expect(mariana).not.toHaveProperty('cliente');
    const [withCliente] = (
      await as(ctx.app, 'franqueador').get('/api/pre-matriculas?q=rafaela')
    ).json() as PreMatriculaItem[];
    expect(withCliente!.cliente).toEqual({ nomeFantasia: 'Escola Estadual Valinhos' });
  });

  it('shows the staff the guardian and the CPFs masked, never whole (issue 23)', async () => {
    const rows = (
      await as(ctx.app, 'franqueador').get('/api/pre-matriculas?pageSize=100')
    ).json() as PreMatriculaItem[];
    const withCpf = rows.filter((r) => r.cpfResponsavel);
    expect(withCpf.length).toBeGreaterThan(0);
    for (const row of withCpf) {
      expect(row.cpfResponsavel).toMatch(/^\*{3}\.\*{3}\.\*\d{2}-\d{2}$/);
      if (row.cpfAluno) expect(row.cpfAluno).toMatch(/^\*{3}\.\*{3}\.\*\d{2}-\d{2}$/);
    }
    expect(rows.some((r) => r.nomeResponsavel)).toBe(true);
    const body = (await as(ctx.app, 'franqueador').get('/api/pre-matriculas?pageSize=100')).body;
    const whole = await ctx.handle.db
      .select({ aluno: preMatriculas.cpfAluno, responsavel: preMatriculas.cpfResponsavel })
      .from(preMatriculas);
    for (const cpf of whole.flatMap((r) => [r.aluno, r.responsavel]).filter(Boolean)) {
      expect(body).not.toContain(cpf!.replace(/\D/g, ''));
    }
  });

  it("filters 'pendentes' or 'efetivadas' in SQL, with the total and the CSV to match (issue 23)", async () => {
    const all = (await as(ctx.app, 'franqueador').get('/api/pre-matriculas?pageSize=100')).json() as PreMatriculaItem[];
    for (const situacao of ['pendente', 'efetivada'] as const) {
      const response = await as(ctx.app, 'franqueador').get(`/api/pre-matriculas?situacao=${situacao}&pageSize=100`);
      const rows = response.json() as PreMatriculaItem[];
      const expected = all.filter((r) => r.status === situacao);
      expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      expect(expected.length).toBeGreaterThan(0);
      expect(response.headers['x-total-count']).toBe(String(expected.length));
      const csv = (await as(ctx.app, 'franqueador').get(`/api/pre-matriculas/export.csv?situacao=${situacao}`)).body;
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(expected.length + 1);
    }
    const wrong = await as(ctx.app, 'franqueador').get('/api/pre-matriculas?situacao=talvez');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Situação inválida');
  });

  it('searches the course of interest too, and counts in X-Total-Count', async () => {
    expect(await names('cliente', '/api/pre-matriculas?q=ingl%C3%AAs')).toEqual(['Gabriela Santos']);
    const response = await as(ctx.app, 'franqueador').get('/api/pre-matriculas?q=administra%C3%A7%C3%A3o&pageSize=1');
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.json()).toHaveLength(1);
  });

  it('answers the summary cards', async () => {
    expect((await as(ctx.app, 'cliente').get('/api/pre-matriculas/resumo')).json()).toEqual({
      total: 3,
      eventosAtivos: 2,
      taxaConversao: 1.5,
    });
    expect((await as(ctx.app, 'aluno').get('/api/pre-matriculas/resumo')).json()).toEqual({
      total: 1,
      eventosAtivos: 1,
      taxaConversao: 1,
    });
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/pre-matriculas' })).statusCode).toBe(401);
  });
});

describe('GET /api/pre-matriculas/export.csv', () => {
  it('streams the SPEC columns for the caller scope and filters', async () => {
    const response = await as(ctx.app, 'cliente').get('/api/pre-matriculas/export.csv?q=lucas');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="pre-matriculas_todos_\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('"Nome";"Email";"Telefone";"Curso de Interesse";"Escola do Evento";"Data do Evento"');
    expect(lines[1]).toMatch(
      /^"Lucas Oliveira";"lucas\.oliveira@email\.com";"\(19\) 98700-1122";"Técnico em Administração";"Colégio Horizonte";"\d{2}\/\d{2}\/\d{4}"$/,
    );
    expect(lines).toHaveLength(3);
  });

  it('never leaks another cliente through the export', async () => {
    const body = (await as(ctx.app, 'cliente').get('/api/pre-matriculas/export.csv')).body;
    expect(body).not.toContain('Beatriz');
    expect(body).not.toContain('Rafaela');
  });
});
