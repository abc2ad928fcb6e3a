import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, uniqueEmail } from '../../../../tests/support/network-payloads';
import { unique } from '../../../../tests/support/unique';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { auditLog, eventos, leadHistorico, leads, microFranquias, users, vendedores } from '../../db/schema';
import { DISTRIBUICAO_MESSAGES as M, type DistribuicaoView } from '../../../shared/schemas/distribuicao';
import { USUARIO_MESSAGES, type UsuarioView } from '../../../shared/schemas/usuario';
import type { LeadDetalhe } from '../../../shared/schemas/acompanhamento';

/**
 * Distribuição (issue 50, ADR 106): a micro-franquia's rule for its new leads -- none, in turns among its active
 * vendedores not away, or by the event's city with the turns as the fallback -- set on its screen and applied by
 * the database to every new lead (here, public sign-ups). Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, where the concurrent sign-ups race on separate connections.
 */

let ctx: TestContext;
/** The demo micro-franquia of Campinas (DEMO_ACCOUNTS.micro_franquia) and one of its events. */
let mf: string;
let campinas: typeof eventos.$inferSelect;
const novos: Record<string, { vendedorId: string; userId: string }> = {};
/** Another micro-franquia of the demo network. */
let vizinha: string;

const url = () => `/api/micro-franquias/${mf}/distribuicao`;

async function addVendedor(nome: string, isActive = true, microFranquiaId = mf) {
  const db = ctx.handle.db;
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail('vendedor.dist'), password: DEMO_PASSWORD, role: 'vendedor', nome, microFranquiaId })
    .returning({ id: users.id });
  const [vendedor] = await db
    .insert(vendedores)
    .values({ microFranquiaId, userId: user!.id, isActive })
    .returning({ id: vendedores.id });
  return { vendedorId: vendedor!.id, userId: user!.id };
}

async function addEvento(cidade: string, estado = 'SP') {
  const [row] = await ctx.handle.db
    .insert(eventos)
    .values({
      clienteId: campinas.clienteId,
      microFranquiaId: campinas.microFranquiaId,
      nomeEscola: `Escola ${unique()}`,
      tipoEscola: 'publica',
      cidade,
      estado,
      dataDistribuicao: campinas.dataDistribuicao,
      dataEvento: campinas.dataEvento,
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 10,
    })
    .returning();
  return row!;
}

let nextAddress = 1;
const address = () => `10.30.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;

/** A public sign-up; answers the new lead's row (its vendedor responsável). */
async function signUp(eventoId: string, aluno = `Aluno ${unique()}`, email = `familia.${unique()}@email.com`) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress: address(),
    payload: {
      eventoId,
      nomeAluno: aluno,
      nomeResponsavel: 'Ana Souza',
      email,
      telefone: '(19) 98765-4321',
      consentimento: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.handle.db
    .select({ id: leads.id, responsavelId: leads.responsavelId })
    .from(leads)
    .where(and(eq(leads.eventoId, eventoId), sql`lower(${leads.email}) = lower(${email})`));
  return row!;
}

/** The vendedores the turns go through now: active, not away, by id. */
async function elegiveis(): Promise<string[]> {
  const rows = await ctx.handle.db
    .select({ id: vendedores.id })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(
      and(
        eq(vendedores.microFranquiaId, mf),
        eq(vendedores.isActive, true),
        eq(vendedores.ausente, false),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(vendedores.id));
  return rows.map((r) => r.id);
}

const put = (body: unknown, role: 'micro_franquia' | 'franquia' = 'micro_franquia') =>
  as(ctx.app, role).put(url(), body);

async function definir(body: unknown) {
  const response = await put(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DistribuicaoView;
}

const ausente = (userId: string, valor: boolean) =>
  as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${userId}`, { ausente: valor });

beforeAll(async () => {
  ctx = await createTestApp();
  const [micro] = await ctx.handle.db
    .select({ id: users.microFranquiaId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.micro_franquia));
  mf = micro!.id!;
  const rows = await ctx.handle.db.select().from(eventos).where(eq(eventos.microFranquiaId, mf));
  campinas = rows.find((e) => e.clienteId && e.status === 'agendado')!;
  const [outra] = await ctx.handle.db
    .select({ id: microFranquias.id })
    .from(microFranquias)
    .where(sql`${microFranquias.id} <> ${mf}`)
    .limit(1);
  vizinha = outra!.id;
  novos.ana = await addVendedor('Ana Rodízio');
  novos.bruno = await addVendedor('Bruno Rodízio');
  novos.carla = await addVendedor('Carla Rodízio');
  novos.inativo = await addVendedor('Davi Inativo', false);
});
afterAll(() => ctx.close());

beforeEach(async () => {
  // Everybody back at work; each test sets its own rule.
  await ctx.handle.db.update(vendedores).set({ ausente: false }).where(eq(vendedores.microFranquiaId, mf));
});

describe('GET /api/micro-franquias/:id/distribuicao', () => {
  it('answers the rule, the city table and the vendedores to the micro-franquia and the levels above it', async () => {
    for (const role of ['micro_franquia', 'franquia', 'franqueador'] as const) {
      const response = await as(ctx.app, role).get(url());
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      const view = response.json() as DistribuicaoView;
      expect(view.modo).toBe('nenhuma');
      expect(view.cidades).toEqual([]);
      expect(view.vendedores).toEqual(
        expect.arrayContaining([
          { id: novos.ana!.vendedorId, nome: 'Ana Rodízio', ausente: false, ativo: true },
          { id: novos.inativo!.vendedorId, nome: 'Davi Inativo', ausente: false, ativo: false },
        ]),
      );
    }
  });

  it('answers 404 outside the caller scope and 403 to the roles without the permission', async () => {
    const irma = await as(ctx.app, 'micro_franquia').get(`/api/micro-franquias/${vizinha}/distribuicao`);
    expect(irma.statusCode).toBe(404);
    const other = await insertOtherNetwork(ctx.handle.db);
    const outsider = { email: other.franqueadorEmail, password: 'demo1234' };
    expect((await as(ctx.app, outsider).get(url())).statusCode).toBe(404);
    expect((await as(ctx.app, outsider).put(url(), { modo: 'rodizio' })).statusCode).toBe(403);
    expect((await as(ctx.app, 'vendedor').get(url())).statusCode).toBe(403);
    expect((await as(ctx.app, 'cliente').get(url())).statusCode).toBe(403);
    expect((await as(ctx.app, 'franqueador').put(url(), { modo: 'rodizio' })).statusCode).toBe(403);
    expect((await as(ctx.app, 'micro_franquia').get('/api/micro-franquias/nao-e-id/distribuicao')).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /api/micro-franquias/:id/distribuicao', () => {
  it('refuses a city table outside the city mode, a vendedor not active of the micro-franquia, a city twice', async () => {
    const ana = novos.ana!.vendedorId;
    const fora = await put({ modo: 'rodizio', cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId: ana }] });
    expect(fora.statusCode).toBe(400);
    expect(fora.json()).toMatchObject({ message: M.cidadesSoNoModoCidade });

    const inativo = await put({
      modo: 'cidade',
      cidades: [
        { cidade: 'Campinas', estado: 'SP', vendedorId: ana },
        { cidade: 'Sumaré', estado: 'SP', vendedorId: novos.inativo!.vendedorId },
      ],
    });
    expect(inativo.statusCode).toBe(400);
    expect(inativo.json()).toEqual({
      message: M.vendedorInvalido,
      errors: { 'cidades.1.vendedorId': M.vendedorInvalido },
    });

    const { vendedorId: deOutra } = await addVendedor('Vendedor de Santos', true, vizinha);
    const outra = await put({ modo: 'cidade', cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId: deOutra }] });
    expect(outra.statusCode).toBe(400);
    expect(outra.json().errors).toEqual({ 'cidades.0.vendedorId': M.vendedorInvalido });

    const repetida = await put({
      modo: 'cidade',
      cidades: [
        { cidade: 'São Paulo', estado: 'SP', vendedorId: ana },
        { cidade: 'São Paulo', estado: 'RJ', vendedorId: ana },
        { cidade: '  sao paulo ', estado: 'sp', vendedorId: novos.bruno!.vendedorId },
      ],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json()).toEqual({
      message: M.cidadeRepetida('sao paulo', 'SP'),
      errors: { 'cidades.2.cidade': M.cidadeRepetida('sao paulo', 'SP') },
    });

    const semModo = await put({ modo: 'todos' });
    expect(semModo.statusCode).toBe(400);
    expect(semModo.json().errors).toEqual({ modo: M.modoInvalido });
    expect((await as(ctx.app, 'micro_franquia').get(url())).json()).toMatchObject({ modo: 'nenhuma', cidades: [] });
  });

  it('replaces the rule and the table, answers them with the names, and audits before and after', async () => {
    const ana = novos.ana!.vendedorId;
    const view = await definir({
      modo: 'cidade',
      cidades: [
        { cidade: ' Valinhos ', estado: 'sp', vendedorId: ana },
        { cidade: 'Americana', estado: 'SP', vendedorId: novos.bruno!.vendedorId },
      ],
    });
    expect(view.modo).toBe('cidade');
    expect(view.cidades).toEqual([
      { cidade: 'Americana', estado: 'SP', vendedor: { id: novos.bruno!.vendedorId, nome: 'Bruno Rodízio' } },
      { cidade: 'Valinhos', estado: 'SP', vendedor: { id: ana, nome: 'Ana Rodízio' } },
    ]);
    // By its franquia too; an empty table replaces the whole of it.
    const franquia = await put({ modo: 'rodizio' }, 'franquia');
    expect(franquia.statusCode, franquia.body).toBe(200);
    expect(franquia.json()).toMatchObject({ modo: 'rodizio', cidades: [] });

    const trail = await ctx.handle.db
      .select({ alteracoes: auditLog.alteracoes, entidadeId: auditLog.entidadeId, microId: auditLog.microFranquiaId })
      .from(auditLog)
      .where(eq(auditLog.acao, 'distribuicao.definir'))
      .orderBy(asc(auditLog.em));
    expect(trail.at(-2)).toMatchObject({
      entidadeId: mf,
      microId: mf,
      alteracoes: { modo: ['nenhuma', 'cidade'], cidades: [[], expect.any(Array)] },
    });
    expect(trail.at(-1)!.alteracoes).toMatchObject({ modo: ['cidade', 'rodizio'] });
  });
});

describe('the distribution of new leads', () => {
  it("'nenhuma' leaves a new lead without a vendedor, as before, and writes no history", async () => {
    await definir({ modo: 'nenhuma' });
    const evento = await addEvento('Campinas');
    const lead = await signUp(evento.id);
    expect(lead.responsavelId).toBeNull();
    const historico = await ctx.handle.db.select().from(leadHistorico).where(eq(leadHistorico.leadId, lead.id));
    expect(historico).toEqual([]);
  });

  it('gives the turns in order among the active vendedores not away, and the history says automatic', async () => {
    await definir({ modo: 'rodizio' });
    expect((await ausente(novos.carla!.userId, true)).statusCode).toBe(200);
    const turnos = await elegiveis();
    expect(turnos).not.toContain(novos.carla!.vendedorId);
    expect(turnos).not.toContain(novos.inativo!.vendedorId);
    const evento = await addEvento('Campinas');
    const dados: string[] = [];
    for (let i = 0; i < turnos.length * 2; i++) dados.push((await signUp(evento.id)).responsavelId!);
    // Consecutive turns: each vendedor once per round, in the same order each round.
    expect(new Set(dados.slice(0, turnos.length))).toEqual(new Set(turnos));
    expect(dados.slice(turnos.length)).toEqual(dados.slice(0, turnos.length));

    const lead = await signUp(evento.id);
    const detalhe = (await as(ctx.app, 'micro_franquia').get(`/api/leads/${lead.id}`)).json() as LeadDetalhe;
    const entradas = detalhe.historico.filter((h) => h.tipo === 'responsavel');
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({
      autor: null,
      dados: { de: null, para: { id: lead.responsavelId, nome: expect.any(String) }, automatico: true },
    });
  });

  it('takes no turn for a repeat sign-up, and none for a lead written with its own vendedor', async () => {
    await definir({ modo: 'rodizio' });
    const turnos = await elegiveis();
    const evento = await addEvento('Campinas');
    const primeiro = await signUp(evento.id, 'Aluno Repetido', 'repetido@email.com');
    await signUp(evento.id, 'Aluno Repetido', 'repetido@email.com');
    const segundo = await signUp(evento.id);
    const proximo = (i: number) => turnos[(turnos.indexOf(primeiro.responsavelId!) + i) % turnos.length];
    expect(segundo.responsavelId).toBe(proximo(1));

    // The seed and any writer that chooses the vendedor: kept, no 'automático' entry, no turn taken.
    const [escrito] = await ctx.handle.db
      .insert(leads)
      .values({
        eventoId: evento.id,
        nomeAluno: 'Aluno Escolhido',
        nomeResponsavel: 'Ana',
        email: 'escolhido@email.com',
        telefone: '19987654321',
        responsavelId: novos.ana!.vendedorId,
      })
      .returning({ id: leads.id, responsavelId: leads.responsavelId });
    expect(escrito!.responsavelId).toBe(novos.ana!.vendedorId);
    expect(await ctx.handle.db.select().from(leadHistorico).where(eq(leadHistorico.leadId, escrito!.id))).toEqual([]);
    expect((await signUp(evento.id)).responsavelId).toBe(proximo(2));
  });

  it('by city: the table gives the event city (without accents, case or spaces), the turns the others', async () => {
    const ana = novos.ana!.vendedorId;
    await definir({ modo: 'cidade', cidades: [{ cidade: 'Santa Bárbara d’Oeste', estado: 'SP', vendedorId: ana }] });
    const naCidade = await addEvento('  SANTA BARBARA D’OESTE ');
    for (let i = 0; i < 3; i++) expect((await signUp(naCidade.id)).responsavelId).toBe(ana);
    // The same city in another state is not in the table: turns.
    const outroEstado = await addEvento('Santa Bárbara d’Oeste', 'MG');
    const turnos = await elegiveis();
    const dados = [];
    for (let i = 0; i < turnos.length; i++) dados.push((await signUp(outroEstado.id)).responsavelId);
    expect(new Set(dados)).toEqual(new Set(turnos));

    // The city's vendedor away: the turns, which skip it too.
    expect((await ausente(novos.ana!.userId, true)).statusCode).toBe(200);
    const semAna = await elegiveis();
    const fallback = [];
    for (let i = 0; i < semAna.length; i++) fallback.push((await signUp(naCidade.id)).responsavelId);
    expect(fallback).not.toContain(ana);
    expect(new Set(fallback)).toEqual(new Set(semAna));
  });

  it('is fair under 1,000 concurrent sign-ups: no vendedor gets two more than another', async () => {
    await definir({ modo: 'rodizio' });
    const turnos = await elegiveis();
    const [a, b] = [await addEvento('Campinas'), await addEvento('Valinhos')];
    const emails: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const email = `concorrente.${unique()}@email.com`;
        emails.push(email);
        return ctx.app.inject({
          method: 'POST',
          url: '/api/leads',
          remoteAddress: address(),
          payload: {
            eventoId: (i % 2 ? a : b).id,
            nomeAluno: `Aluno ${unique()}`,
            nomeResponsavel: 'Ana Souza',
            email,
            telefone: '(19) 98765-4321',
            consentimento: true,
          },
        });
      }),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1000);
    const porVendedor = await ctx.handle.db
      .select({ vendedor: leads.responsavelId, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(inArray(leads.eventoId, [a.id, b.id]))
      .groupBy(leads.responsavelId);
    expect(porVendedor.reduce((t, r) => t + Number(r.n), 0)).toBe(1000);
    expect(new Set(porVendedor.map((r) => r.vendedor))).toEqual(new Set(turnos));
    const contagens = porVendedor.map((r) => Number(r.n));
    expect(Math.max(...contagens) - Math.min(...contagens)).toBeLessThan(2);
    // One 'automático' entry per lead.
    const [entradas] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadHistorico)
      .innerJoin(leads, eq(leads.id, leadHistorico.leadId))
      .where(and(inArray(leads.eventoId, [a.id, b.id]), eq(leadHistorico.tipo, 'responsavel')));
    expect(Number(entradas!.n)).toBe(1000);
  }, 120_000);
});

describe("a vendedor's ausente on PATCH /api/usuarios/:id", () => {
  it('marks the vendedor away and back, shows it on the list, and audits it', async () => {
    const patch = await ausente(novos.bruno!.userId, true);
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ id: novos.bruno!.userId, ausente: true, isActive: true });
    const list = await as(ctx.app, 'micro_franquia').get('/api/usuarios?pageSize=100');
    const row = (list.json() as UsuarioView[]).find((u) => u.id === novos.bruno!.userId);
    expect(row).toMatchObject({ ausente: true });
    expect((await as(ctx.app, 'micro_franquia').get(url())).json().vendedores).toContainEqual({
      id: novos.bruno!.vendedorId,
      nome: 'Bruno Rodízio',
      ausente: true,
      ativo: true,
    });
    expect((await ausente(novos.bruno!.userId, false)).json()).toMatchObject({ ausente: false });
    const trail = await ctx.handle.db
      .select({ alteracoes: auditLog.alteracoes })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'usuario.ausente'), eq(auditLog.entidadeId, novos.bruno!.userId)))
      .orderBy(asc(auditLog.em));
    expect(trail.map((t) => t.alteracoes)).toEqual([{ ausente: [false, true] }, { ausente: [true, false] }]);
  });

  it('refuses it for a user who is not a vendedor, and checks the value', async () => {
    const [cliente] = await ctx.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.cliente));
    const refused = await as(ctx.app, 'franqueador').patch(`/api/usuarios/${cliente!.id}`, { ausente: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: USUARIO_MESSAGES.ausenteSoVendedor,
      errors: { ausente: USUARIO_MESSAGES.ausenteSoVendedor },
    });
    const bad = await ausente(novos.bruno!.userId, 'sim' as unknown as boolean);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ ausente: USUARIO_MESSAGES.ausente });
    // The status switch is unchanged.
    expect(
      (await as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${novos.bruno!.userId}`, { isActive: 'x' })).json()
        .errors,
    ).toEqual({ isActive: USUARIO_MESSAGES.isActive });
  });
});
