import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app';
import { as } from '../support/inject-as';

/**
 * Issue 23: every search ignores accents and case ('conceicao' finds 'Conceição'), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL runs this file on PostgreSQL), through f_unaccent (migration 0013).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const names = async (role: Parameters<typeof as>[1], url: string, field: string) => {
  const response = await as(ctx.app, role).get(url);
  expect(response.statusCode).toBe(200);
  return (response.json() as Record<string, string>[]).map((row) => row[field]);
};

describe('accent- and case-free search', () => {
  it("finds a lead by its guardian's name typed without accents or capitals (trigram-indexed text)", async () => {
    for (const q of ['marcia', 'MÁRCIA oliveira', 'Marcia Oliveira']) {
      expect(await names('cliente', `/api/leads?q=${encodeURIComponent(q)}`, 'nomeResponsavel')).toContain(
        'Márcia Oliveira',
      );
    }
  });

  it('finds events, clientes and courses without their accents', async () => {
    expect(await names('cliente', '/api/eventos?q=colegio', 'nomeEscola')).toContain('Colégio Horizonte');
    expect(await names('micro_franquia', '/api/clientes?q=COLEGIO%20horizonte', 'nomeFantasia')).toContain(
      'Colégio Horizonte',
    );
    expect(await names('cliente', '/api/cursos?q=tecnico', 'titulo')).toContain('Técnico em Administração');
  });

  it("finds on Auditoria who acted by a name typed without its accents ('vinicius' finds 'Vinícius')", async () => {
    const [cliente] = (await as(ctx.app, 'vendedor').get('/api/clientes')).json() as { id: string }[];
    const created = await as(ctx.app, 'vendedor').post('/api/eventos', {
      clienteId: cliente!.id,
      nomeEscola: 'Escola da Busca sem Acento',
      tipoEscola: 'publica',
      cidade: 'Campinas',
      estado: 'SP',
      dataDistribuicao: '2030-03-01',
      dataEvento: '2030-03-15',
      horario: '19:30',
      local: 'escola',
      qtdAlunos: 10,
    });
    expect(created.statusCode).toBe(201);
    for (const q of ['vinicius', 'MARCOS VINICIUS', 'Vinícius']) {
      const response = await as(ctx.app, 'franqueador').get(`/api/auditoria?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { acao: string; usuario: { nome: string | null } | null }[];
      expect(
        rows.some((r) => r.acao === 'evento.criar'),
        q,
      ).toBe(true);
      expect(
        rows.every((r) => r.usuario?.nome === 'Marcos Vinícius Costa'),
        q,
      ).toBe(true);
    }
  });

  it('still reads an accented query and matches nothing else', async () => {
    expect(await names('cliente', '/api/eventos?q=Col%C3%A9gio', 'nomeEscola')).toContain('Colégio Horizonte');
    expect(await names('cliente', '/api/eventos?q=colegioz', 'nomeEscola')).toEqual([]);
  });
});
