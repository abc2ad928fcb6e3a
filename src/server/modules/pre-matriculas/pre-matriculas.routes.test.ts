import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import type { Role } from '../../../shared/roles';
import type { PreMatriculaItem } from '../../../shared/schemas/funnel';
import { auditLog, cursos, preMatriculas } from '../../db/schema';

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
    // Issue 42: with the two Contagem families whose contracts were accepted (db/seed/demo-contratos.ts).
    expect(await names('franqueador', '/api/pre-matriculas')).toHaveLength(7);
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
    expect(lines[0]).toBe(
      '"Nome";"Email";"Telefone";"Curso de Interesse";"Escola do Evento";"Data do Evento";' +
        '"Nome do Responsável";"CPF do Aluno";"CPF do Responsável"' +
        // Issue 48: where the family came from.
        ';"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"',
    );
    expect(lines[1]).toMatch(
      /^"Lucas Oliveira";"lucas\.oliveira@email\.com";"\(19\) 98700-1122";"Técnico em Administração";"Colégio Horizonte";"\d{2}\/\d{2}\/\d{4}";/,
    );
    expect(lines).toHaveLength(3);
  });

  it("carries the guardian and both CPFs whole for the staff, the screen's masked ones in full (issue 23)", async () => {
    const stored = await ctx.handle.db
      .select({
        nome: preMatriculas.nome,
        responsavel: preMatriculas.nomeResponsavel,
        cpfAluno: preMatriculas.cpfAluno,
        cpfResponsavel: preMatriculas.cpfResponsavel,
      })
      .from(preMatriculas);
    const comCpf = stored.filter((r) => r.cpfAluno && r.cpfResponsavel);
    expect(comCpf.length).toBeGreaterThan(0);
    const lines = (await as(ctx.app, 'franqueador').get('/api/pre-matriculas/export.csv')).body
      .replace('\uFEFF', '')
      .split('\r\n');
    expect(lines[0]).toMatch(/;"Nome do Responsável";"CPF do Aluno";"CPF do Responsável";"utm_source";/);
    const cpf = (v: string) => v.replace(/\D/g, '').replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    for (const row of comCpf) {
      const line = lines.find((l) => l.startsWith(`"${row.nome}";`));
      expect(line, row.nome).toBeDefined();
      expect(
        line!
          .replace(/(;"[^"]*"){6}$/, '')
          .endsWith(`;"${row.responsavel}";"${cpf(row.cpfAluno!)}";"${cpf(row.cpfResponsavel!)}"`),
      ).toBe(true);
    }
  });

  it("keeps SPEC's columns for the aluno, whose answers carry no CPF", async () => {
    const response = await as(ctx.app, 'aluno').get('/api/pre-matriculas/export.csv');
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('"Nome";"Email";"Telefone";"Curso de Interesse";"Escola do Evento";"Data do Evento"');
    expect(lines[1]!.split(';')).toHaveLength(6);
  });

  it('never leaks another cliente through the export', async () => {
    const body = (await as(ctx.app, 'cliente').get('/api/pre-matriculas/export.csv')).body;
    expect(body).not.toContain('Beatriz');
    expect(body).not.toContain('Rafaela');
  });
});

describe('PATCH /api/pre-matriculas/:id and GET /api/pre-matriculas/:id/cursos (issue 23)', () => {
  const STAFF: Role[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];

  async function rows(role: Role): Promise<PreMatriculaItem[]> {
    return (await as(ctx.app, role).get('/api/pre-matriculas?pageSize=100')).json() as PreMatriculaItem[];
  }
  async function cursosOf(role: Role, id: string): Promise<{ id: string; titulo: string }[]> {
    const response = await as(ctx.app, role).get(`/api/pre-matriculas/${id}/cursos`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  /** A pending row the role sees whose event offers courses (the demo's Campinas event). */
  async function pendingWithCursos(role: Role) {
    for (const row of await rows(role)) {
      if (row.status !== 'pendente') continue;
      const cursos = await cursosOf(role, row.id);
      if (cursos.length >= 2) return { row, cursos };
    }
    throw new Error(`no pending pré-matrícula with courses for ${role}`);
  }
  const stored = async (id: string) =>
    (
      await ctx.handle.db
        .select({ curso: preMatriculas.cursoInteresse })
        .from(preMatriculas)
        .where(eq(preMatriculas.id, id))
    )[0]!.curso;
  const auditRows = (id: string) =>
    ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'pre_matricula.curso'), eq(auditLog.entidadeId, id)));

  it.each(STAFF)('lets the %s set, change and clear the course, audited each time', async (role) => {
    const { row, cursos } = await pendingWithCursos(role);
    const before = (await auditRows(row.id)).length;
    for (const curso of cursos.slice(0, 2)) {
      const response = await as(ctx.app, role).patch(`/api/pre-matriculas/${row.id}`, { cursoId: curso.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: row.id, cursoInteresse: curso.titulo });
      expect(await stored(row.id)).toBe(curso.titulo);
    }
    const listed = (await rows(role)).find((r) => r.id === row.id)!;
    expect(listed.cursoInteresse).toBe(cursos[1]!.titulo);
    const cleared = await as(ctx.app, role).patch(`/api/pre-matriculas/${row.id}`, { cursoId: null });
    expect(cleared.json()).toEqual({ id: row.id, cursoInteresse: null });
    expect(await stored(row.id)).toBeNull();
    const audits = await auditRows(row.id);
    expect(audits).toHaveLength(before + 3);
    expect(audits.at(-1)!.alteracoes).toEqual({ cursoInteresse: [cursos[1]!.titulo, null] });
  });

  it('finds a row by the course just set and no longer by the one cleared: the stored search text follows it (ADR 133)', async () => {
    const { row, cursos } = await pendingWithCursos('franqueador');
    const ids = async (q: string) => {
      const response = await as(ctx.app, 'franqueador').get(
        `/api/pre-matriculas?q=${encodeURIComponent(q)}&pageSize=100`,
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as PreMatriculaItem[]).map((r) => r.id);
    };
    const titulo = cursos[0]!.titulo;
    await as(ctx.app, 'franqueador').patch(`/api/pre-matriculas/${row.id}`, { cursoId: null });
    expect(await ids(titulo)).not.toContain(row.id);
    await as(ctx.app, 'franqueador').patch(`/api/pre-matriculas/${row.id}`, { cursoId: cursos[0]!.id });
    // In capitals and without its accents: the text is stored folded, and the query is folded the same way.
    expect(await ids(titulo.toUpperCase().normalize('NFD').replace(/\p{M}/gu, ''))).toContain(row.id);
    await as(ctx.app, 'franqueador').patch(`/api/pre-matriculas/${row.id}`, { cursoId: null });
    expect(await ids(titulo)).not.toContain(row.id);
  });

  it('answers 404 for a row out of scope, exactly as for one that exists nowhere, and changes nothing', async () => {
    const beatriz = (await rows('franqueador')).find((r) => r.nome === 'Beatriz Fernandes')!;
    const cursoId = (await cursosOf('franqueador', beatriz.id))[0]?.id ?? null;
    const before = await stored(beatriz.id);
    for (const role of ['franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      const foreign = await as(ctx.app, role).patch(`/api/pre-matriculas/${beatriz.id}`, { cursoId });
      const unknown = await as(ctx.app, role).patch(`/api/pre-matriculas/${randomUUID()}`, { cursoId });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(unknown.body);
      expect(foreign.json().message).toBe('Pré-matrícula não encontrada');
      expect((await as(ctx.app, role).get(`/api/pre-matriculas/${beatriz.id}/cursos`)).statusCode).toBe(404);
    }
    expect(await stored(beatriz.id)).toBe(before);
  });

  it('refuses with 400 and a pt-BR message a course its event does not offer, and anything that is not an id', async () => {
    const { row } = await pendingWithCursos('cliente');
    const [outro] = await ctx.handle.db
      .select({ id: cursos.id })
      .from(cursos)
      .where(eq(cursos.titulo, 'Preparatório ENEM'));
    const before = await stored(row.id);
    for (const body of [{ cursoId: outro!.id }, { cursoId: randomUUID() }, { cursoId: 'ingles' }, {}, { cursoId: 7 }]) {
      const response = await as(ctx.app, 'cliente').patch(`/api/pre-matriculas/${row.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('Escolha um curso oferecido pelo evento desta pré-matrícula');
    }
    expect(await stored(row.id)).toBe(before);
  });

  it('refuses the aluno (403) and an effective pré-matrícula (409)', async () => {
    const [mariana] = (await as(ctx.app, 'aluno').get('/api/pre-matriculas')).json() as PreMatriculaItem[];
    expect((await as(ctx.app, 'aluno').patch(`/api/pre-matriculas/${mariana!.id}`, { cursoId: null })).statusCode).toBe(
      403,
    );
    const response = await as(ctx.app, 'cliente').patch(`/api/pre-matriculas/${mariana!.id}`, { cursoId: null });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('já foi efetivada');
    expect(await stored(mariana!.id)).toBe('Preparatório ENEM');
  });

  it('carries the course set by the staff into the matrícula on Efetivar', async () => {
    const { row, cursos: offered } = await pendingWithCursos('micro_franquia');
    await as(ctx.app, 'micro_franquia').patch(`/api/pre-matriculas/${row.id}`, { cursoId: offered[0]!.id });
    const efetivada = await as(ctx.app, 'micro_franquia').post(`/api/matriculas/efetivar/${row.id}`);
    expect(efetivada.statusCode).toBe(201);
    expect(efetivada.json().cursoInteresse).toBe(offered[0]!.titulo);
  });
});
