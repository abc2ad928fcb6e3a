import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, readOutbox, resetLinkFrom, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { alunos, matriculas, preMatriculas, users } from '../../db/schema';
import type { MatriculaItem, PreMatriculaItem } from '../../../shared/schemas/funnel';

let ctx: TestContext;

async function preMatriculaId(nome: string): Promise<string> {
  const [row] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.nome, nome));
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/matriculas', () => {
  it('answers each role its scope; the aluno its own', async () => {
    // Issue 42: Mariana's and Rafaela's, and the two Contagem families with accepted contracts (demo-contratos.ts).
    expect((await as(ctx.app, 'franqueador').get('/api/matriculas')).json()).toHaveLength(4);
    const cliente = (await as(ctx.app, 'cliente').get('/api/matriculas')).json() as MatriculaItem[];
    expect(cliente.map((m) => m.nome)).toEqual(['Mariana Costa']);
    expect(cliente[0]).toMatchObject({
      cursoInteresse: 'Preparatório ENEM',
      evento: { nomeEscola: 'Colégio Horizonte' },
      // Issue 42: the demo's matrícula keeps its course and price (R$ 1.200,00 with a discount to R$ 960,00).
      cursoTitulo: 'Preparatório ENEM',
      cursoCargaHoraria: 60,
      valor: 1200,
      valorComDesconto: 960,
      parcelas: 1,
      valorTotal: 960,
      valorParcela: 960,
      valorUltimaParcela: 960,
    });
    expect(Date.parse(cliente[0]!.efetivadaEm)).not.toBeNaN();
    const aluno = (await as(ctx.app, 'aluno').get('/api/matriculas')).json() as MatriculaItem[];
    expect(aluno.map((m) => m.email)).toEqual(['aluno@demo.com.br']);
  });

  it('answers 403 to the vendedor, for the list, the summary and the export', async () => {
    for (const url of ['/api/matriculas', '/api/matriculas/resumo', '/api/matriculas/export.csv']) {
      expect((await as(ctx.app, 'vendedor').get(url)).statusCode).toBe(403);
    }
  });

  it('exports the SPEC columns with the effective date', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/matriculas/export.csv?q=rafaela');
    expect(response.headers['content-disposition']).toMatch(/filename="matriculas_todos_\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.replace('\uFEFF', '').split('\r\n');
    // SPEC §9's columns in their places, then the course and price (issue 42).
    expect(lines[0]).toBe(
      '"Nome";"Email";"Telefone";"Curso de Interesse";"Escola do Evento";"Data do Evento";"Data de Efetivação";' +
        '"Curso";"Carga Horária";"Valor Total";"Parcelas";"Valor da Parcela";"Valor da Última Parcela";' +
        '"Status";"Motivo do Cancelamento"' +
        // Issue 48: where the family came from, its pré-matrícula's.
        ';"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"',
    );
    // Rafaela's course of interest is not one her event offers: her matrícula has no course (as a migrated one).
    expect(lines[1]).toMatch(
      /^"Rafaela Lima";"rafaela\.lima@email\.com";"\(19\) 99123-0000";"Técnico em Administração";"Escola Estadual Valinhos";"\d{2}\/\d{2}\/\d{4}";"\d{2}\/\d{2}\/\d{4}";"-";"-";"-";"-";"-";"-";"Ativa";"-"(;"[^"]*"){6}$/,
    );
    const mariana = await as(ctx.app, 'franqueador').get('/api/matriculas/export.csv?q=mariana');
    expect(mariana.body.split('\r\n')[1]).toMatch(
      /;"Preparatório ENEM";"60";"R\$\s960,00";"1";"R\$\s960,00";"R\$\s960,00";"Ativa";"-"(;"[^"]*"){6}$/,
    );
  });
});

describe('POST /api/matriculas/efetivar/:id', () => {
  it('makes it effective in one go: matrícula, status, aluno account and its set-password e-mail', async () => {
    const id = await preMatriculaId('Lucas Oliveira');
    const response = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${id}`);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      preMatriculaId: id,
      nome: 'Lucas Oliveira',
      email: 'lucas.oliveira@email.com',
      telefone: '19987001122',
      cursoInteresse: 'Técnico em Administração',
    });
    // The matrícula's own fields, never the row's scope path (issue "Trust, second round", low findings).
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'createdAt',
        'consentimentoRevogado',
        'cursoInteresse',
        'efetivadaEm',
        'email',
        'eventoId',
        'id',
        'leadId',
        'nome',
        'preMatriculaId',
        'telefone',
        // Issue 42: the course and the price, a snapshot.
        'cursoId',
        'cursoTitulo',
        'cursoCargaHoraria',
        'valor',
        'valorComDesconto',
        'parcelas',
        'valorTotal',
        'valorParcela',
        'valorUltimaParcela',
        // Issue 42, second slice: where its contract stands.
        'status',
        'motivoCancelamento',
        'canceladaEm',
      ].sort(),
    );

    // The pre-matrícula stays listed, now effective; the matrícula is listed too.
    const pre = (await as(ctx.app, 'cliente').get('/api/pre-matriculas?q=lucas')).json() as PreMatriculaItem[];
    expect(pre[0]!.status).toBe('efetivada');
    const list = (await as(ctx.app, 'cliente').get('/api/matriculas')).json() as MatriculaItem[];
    expect(list[0]!.nome).toBe('Lucas Oliveira');

    const [user] = await ctx.handle.db.select().from(users).where(eq(users.email, 'lucas.oliveira@email.com'));
    expect(user).toMatchObject({ role: 'aluno', nome: 'Lucas Oliveira', isActive: true });
    const [link] = await ctx.handle.db.select().from(alunos).where(eq(alunos.userId, user!.id));
    expect(link!.preMatriculaId).toBe(id);

    // No password works until the aluno sets one through the e-mailed link.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lucas.oliveira@email.com', password: '!unusable' },
    });
    expect(refused.statusCode).toBe(401);

    await ctx.app.background.drain();
    // Issue 42 (ADR 066): the family's contract link goes to the same address; this is the set-password one.
    const mail = readOutbox(ctx.dataDir).find(
      (m) => m.includes('To: lucas.oliveira@email.com') && m.includes('Subject: Defina sua senha'),
    );
    expect(mail).toBeDefined();
    const token = new URL(resetLinkFrom(mail!)).searchParams.get('token');
    // Issue 23: the aluno's first link opens as 'Definir senha' and lasts 7 days, not the reset's hour.
    expect(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(
      /reset-password\?token=[^\s"&]+&(amp;)?definir=1/,
    );
    expect(mail).toContain('7 dias');
    const SIX_DAYS = 6 * 24 * 60 * 60 * 1000;
    ctx.clock.advance(SIX_DAYS);
    const estado = await ctx.app.inject({ url: `/api/auth/reset-password/estado?token=${token}` });
    ctx.clock.advance(-SIX_DAYS);
    expect(estado.json()).toEqual({ valido: true });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'senha-do-lucas' },
    });
    expect(reset.statusCode).toBe(200);
    const lucas = { email: 'lucas.oliveira@email.com', password: 'senha-do-lucas' };
    const own = await as(ctx.app, lucas).get('/api/matriculas');
    expect((own.json() as MatriculaItem[]).map((m) => m.nome)).toEqual(['Lucas Oliveira']);
    const ownPre = await as(ctx.app, lucas).get('/api/pre-matriculas');
    expect((ownPre.json() as PreMatriculaItem[]).map((p) => p.status)).toEqual(['efetivada']);
  });

  it('answers 409 the second time and changes nothing', async () => {
    const id = await preMatriculaId('Lucas Oliveira');
    const again = await as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Esta pré-matrícula já foi efetivada' });
    const count = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(matriculas)
      .where(eq(matriculas.preMatriculaId, id));
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('lets exactly one of two racing calls win', async () => {
    const id = await preMatriculaId('Beatriz Fernandes');
    const results = await Promise.all([
      as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${id}`),
      as(ctx.app, 'franqueador').post(`/api/matriculas/efetivar/${id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets the vendedor make effective what it sees', async () => {
    const response = await as(ctx.app, 'vendedor').post(
      `/api/matriculas/efetivar/${await preMatriculaId('Gabriela Santos')}`,
    );
    expect(response.statusCode).toBe(201);
  });

  it('links an existing aluno account instead of creating a second one, and sends no new link', async () => {
    // A second pre-matrícula with the demo aluno's e-mail, at an event of the cliente.
    const [evento] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.nome, 'Lucas Oliveira'));
    const [pre] = await ctx.handle.db
      .insert(preMatriculas)
      .values({
        eventoId: evento!.eventoId,
        nome: 'Mariana Costa',
        email: 'ALUNO@demo.com.br',
        cursoInteresse: 'Inglês Intensivo',
      })
      .returning();
    await ctx.app.background.drain();
    const before = readOutbox(ctx.dataDir).length;
    expect((await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${pre!.id}`)).statusCode).toBe(201);
    await ctx.app.background.drain();
    // The one new e-mail is the contract's link (issue 42, ADR 066): no set-password link.
    const novos = readOutbox(ctx.dataDir).slice(before);
    expect(novos).toHaveLength(1);
    expect(novos[0]).toContain('/contrato/');
    expect(novos[0]).not.toContain('reset-password');
    const accounts = await ctx.handle.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'aluno@demo.com.br'`);
    expect(accounts).toHaveLength(1);
    const own = (await as(ctx.app, 'aluno').get('/api/matriculas')).json() as MatriculaItem[];
    expect(own.map((m) => m.cursoInteresse).sort()).toEqual(['Inglês Intensivo', 'Preparatório ENEM']);
  });

  it('answers 404 out of scope, 403 to the aluno, 400 for a malformed id', async () => {
    const contagem = await ctx.handle.db
      .insert(preMatriculas)
      .values({
        eventoId: (
          await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.nome, 'Beatriz Fernandes'))
        )[0]!.eventoId,
        nome: 'Fora do Escopo',
        email: 'fora@x.com',
      })
      .returning();
    const outside = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${contagem[0]!.id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('Pré-matrícula não encontrada');
    expect((await as(ctx.app, 'franquia').post(`/api/matriculas/efetivar/${contagem[0]!.id}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'aluno').post(`/api/matriculas/efetivar/${contagem[0]!.id}`)).statusCode).toBe(403);
    expect((await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${'nao-e-um-id'}`)).statusCode).toBe(400);
    const [still] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, contagem[0]!.id));
    expect(still!.status).toBe('pendente');
  });
});
