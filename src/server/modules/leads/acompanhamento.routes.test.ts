import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, uniqueEmail } from '../../../../tests/support/network-payloads';
import { DEMO_PASSWORD } from '../../db/seed/demo-network';
import { eventos, leads, microFranquias, preMatriculas, users, vendedores } from '../../db/schema';
import type { Role } from '../../../shared/roles';
import {
  ACOMPANHAMENTO_MESSAGES as M,
  type AcompanhamentoResumo,
  type HistoricoEntry,
  type LeadDetalhe,
} from '../../../shared/schemas/acompanhamento';
import type { LeadItem } from '../../../shared/schemas/funnel';
import type { AcompanhamentoRelatorio } from '../../../shared/schemas/relatorios';
import { todayInBrasilia } from '../../../shared/brasilia';

/**
 * A lead followed up (issue 16). The demo seed: the vendedor owns Lucas Oliveira (em contato, return due today)
 * and Gabriela Santos (interessada, return overdue since yesterday); Thiago Ribeiro was lost to the distance;
 * Mariana Costa and Rafaela Lima are enrolled (convertido); the others are new.
 */

let ctx: TestContext;
const ids: Record<string, string> = {};

const today = () => todayInBrasilia(new Date());
function dayFromToday(days: number): string {
  return todayInBrasilia(new Date(Date.now() + days * 86_400_000));
}

async function detalhe(role: Role, name: string): Promise<LeadDetalhe> {
  const response = await as(ctx.app, role).get(`/api/leads/${ids[name]}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadDetalhe;
}

async function listNames(role: Role, query: string): Promise<{ names: string[]; total: number }> {
  const response = await as(ctx.app, role).get(`/api/leads?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const names = (response.json() as LeadItem[]).map((l) => l.nomeAluno).sort();
  return { names, total: Number(response.headers['x-total-count']) };
}

/** A vendedor of another micro-franquia of the demo network (Santos): visible to the franquia and above only. */
async function insertVendedorOf(microRazao: string, isActive = true): Promise<string> {
  const db = ctx.handle.db;
  const [micro] = await db
    .select({ id: microFranquias.id })
    .from(microFranquias)
    .where(eq(microFranquias.razaoSocial, microRazao));
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail('vendedor.extra'),
      password: DEMO_PASSWORD,
      role: 'vendedor',
      nome: 'Vendedora Extra',
      microFranquiaId: micro!.id,
    })
    .returning({ id: users.id });
  const [vendedor] = await db
    .insert(vendedores)
    .values({ microFranquiaId: micro!.id, userId: user!.id, isActive })
    .returning({ id: vendedores.id });
  return vendedor!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  for (const row of await ctx.handle.db.select({ id: leads.id, nome: leads.nomeAluno }).from(leads)) {
    ids[row.nome] = row.id;
  }
  const [vendedor] = await ctx.handle.db.select({ id: vendedores.id }).from(vendedores).limit(1);
  ids.vendedor = vendedor!.id;
});
afterAll(() => ctx.close());

describe('GET /api/leads/:id', () => {
  it('answers the lead with its follow-up and its history, newest first, the sign-up last', async () => {
    const lucas = await detalhe('cliente', 'Lucas Oliveira');
    expect(lucas).toMatchObject({
      nomeAluno: 'Lucas Oliveira',
      nomeResponsavel: 'Márcia Oliveira',
      telefone: '19987001122',
      status: 'em_contato',
      responsavel: { id: ids.vendedor, nome: 'Marcos Vinícius Costa' },
      proximoContatoEm: today(),
      motivoPerda: null,
      primeiroContatoEm: expect.any(String),
      evento: { nomeEscola: 'Colégio Horizonte', cidade: 'Campinas' },
    });
    const tipos = lucas.historico.map((h) => h.tipo);
    expect(tipos.at(-1)).toBe('inscricao');
    // The pré-matrícula (activated at seeding) is the newest; then the follow-up, a status after its contact.
    expect(tipos).toEqual(['pre_matricula', 'status', 'status', 'contato', 'responsavel', 'inscricao']);
    const ems = lucas.historico.map((h) => h.em);
    expect([...ems].sort().reverse()).toEqual(ems);
    const contato = lucas.historico.find((h) => h.tipo === 'contato')!;
    expect(contato).toMatchObject({
      autor: { nome: 'Marcos Vinícius Costa' },
      dados: { canal: 'telefone', resultado: 'atendeu', nota: 'A mãe pediu para ligar de novo hoje à tarde.' },
    });
    expect(lucas.historico.at(-1)).toEqual({
      id: ids['Lucas Oliveira'],
      tipo: 'inscricao',
      em: lucas.createdAt,
      autor: null,
      dados: {},
    });
  });

  it('shows the matrícula to whoever reads matrículas, and not to the vendedor (DESIGN §4.1)', async () => {
    const cliente = await detalhe('cliente', 'Mariana Costa');
    expect(cliente.status).toBe('convertido');
    expect(cliente.historico.map((h) => h.tipo)).toContain('matricula');
    const vendedor = await detalhe('vendedor', 'Mariana Costa');
    expect(vendedor.historico.map((h) => h.tipo)).not.toContain('matricula');
    expect(vendedor.historico.map((h) => h.tipo)).toContain('pre_matricula');
  });

  it('answers 404 outside the scope as for an unknown lead, 403 to the aluno', async () => {
    // Beatriz Fernandes signed up in Contagem, under the other franquia.
    for (const role of ['cliente', 'vendedor', 'micro_franquia', 'franquia'] as Role[]) {
      const response = await as(ctx.app, role).get(`/api/leads/${ids['Beatriz Fernandes']}`);
      expect(response.statusCode, role).toBe(404);
      expect(response.json()).toEqual({ message: M.leadNaoEncontrado });
    }
    const unknown = await as(ctx.app, 'cliente').get(`/api/leads/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: M.leadNaoEncontrado });
    expect((await as(ctx.app, 'aluno').get(`/api/leads/${ids['Lucas Oliveira']}`)).statusCode).toBe(403);
    expect((await detalhe('franqueador', 'Beatriz Fernandes')).nomeAluno).toBe('Beatriz Fernandes');
  });
});

describe('GET /api/relatorios/acompanhamento', () => {
  it('gives per group the contacted leads, the median hours to the first contact and the reasons for loss', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/relatorios/acompanhamento?agrupar=franquia');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AcompanhamentoRelatorio;
    // Lucas after 30 minutes, Gabriela after 20, Thiago after 40 (then lost to the distance).
    const expected = {
      contatados: 3,
      medianaPrimeiroContatoHoras: 0.5,
      perdidos: 1,
      motivosPerda: {
        preco: 0,
        distancia: 1,
        sem_resposta: 0,
        escolheu_outra_escola: 0,
        sem_perfil: 0,
        outro: 0,
      },
    };
    expect(body.totais).toEqual(expected);
    expect(body.grupos).toEqual([{ id: expect.any(String), rotulo: 'Educa Paulista Franquias Ltda', ...expected }]);
    expect(response.headers['x-total-count']).toBe('1');

    // One group a page, each event's: the pages' groups add up to the whole, which every page carries.
    const pagina = (page: number) =>
      as(ctx.app, 'franqueador').get(`/api/relatorios/acompanhamento?agrupar=evento&pageSize=1&page=${page}`);
    const primeira = await pagina(1);
    const paginas = Number(primeira.headers['x-total-count']);
    expect(paginas).toBeGreaterThan(1);
    const grupos = [];
    for (let page = 1; page <= paginas; page++) {
      const resposta = (await pagina(page)).json() as AcompanhamentoRelatorio;
      expect(resposta.totais).toEqual(expected);
      expect(resposta.grupos).toHaveLength(1);
      grupos.push(resposta.grupos[0]!);
    }
    expect(new Set(grupos.map((g) => g.id)).size).toBe(paginas);
    const depois = await pagina(paginas + 1);
    expect((depois.json() as AcompanhamentoRelatorio).grupos).toEqual([]);
    expect(depois.headers['x-total-count']).toBe(String(paginas));
    expect(grupos.reduce((soma, g) => soma + g.contatados, 0)).toBe(expected.contatados);
    expect(grupos.reduce((soma, g) => soma + g.perdidos, 0)).toBe(expected.perdidos);

    const cliente = (
      await as(ctx.app, 'cliente').get('/api/relatorios/acompanhamento')
    ).json() as AcompanhamentoRelatorio;
    expect(cliente.agrupar).toBe('evento');
    expect(cliente.totais).toMatchObject({ contatados: 2, perdidos: 0 });
    const other = await as(ctx.app, 'franquia').get(`/api/relatorios/acompanhamento?clienteId=${crypto.randomUUID()}`);
    expect(other.statusCode).toBe(404);
  });

  it('a contacted lead does not go back to novo', async () => {
    const response = await as(ctx.app, 'cliente').patch(`/api/leads/${ids['Gabriela Santos']}`, { status: 'novo' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ status: M.contatadoNaoVoltaNovo });
  });
});

describe('the list: follow-up columns and filters', () => {
  it('carries status, responsável and return date on each row', async () => {
    const response = await as(ctx.app, 'cliente').get('/api/leads?q=lucas');
    expect((response.json() as LeadItem[])[0]).toMatchObject({
      status: 'em_contato',
      responsavel: { id: ids.vendedor, nome: 'Marcos Vinícius Costa' },
      proximoContatoEm: today(),
    });
    const pedro = (await as(ctx.app, 'cliente').get('/api/leads?q=pedro')).json() as LeadItem[];
    expect(pedro[0]).toMatchObject({ status: 'novo', responsavel: null, proximoContatoEm: null });
  });

  it('filters by status, owner, return date and contact, with exact totals', async () => {
    expect(await listNames('franqueador', 'status=novo')).toEqual({
      names: ['Beatriz Fernandes', 'João Victor Almeida', 'Pedro Henrique Silva'],
      total: 3,
    });
    expect(await listNames('franqueador', 'status=convertido')).toEqual({
      names: ['Mariana Costa', 'Rafaela Lima'],
      total: 2,
    });
    expect(await listNames('vendedor', 'retorno=hoje')).toEqual({ names: ['Lucas Oliveira'], total: 1 });
    expect(await listNames('vendedor', 'retorno=atrasados')).toEqual({ names: ['Gabriela Santos'], total: 1 });
    expect(await listNames('vendedor', 'responsavelId=eu')).toEqual({
      names: ['Gabriela Santos', 'Lucas Oliveira'],
      total: 2,
    });
    expect((await listNames('franqueador', 'responsavelId=nenhum')).total).toBe(6);
    expect(await listNames('micro_franquia', `responsavelId=${ids.vendedor}`)).toEqual({
      names: ['Gabriela Santos', 'Lucas Oliveira'],
      total: 2,
    });
    // 'eu' is a vendedor's own; for anyone else it names nobody.
    expect((await listNames('franqueador', 'responsavelId=eu')).total).toBe(0);
    // Never contacted and still open: the new ones (Mariana and Rafaela are enrolled; Thiago was lost).
    expect(await listNames('franqueador', 'semContato=true')).toEqual({
      names: ['Beatriz Fernandes', 'João Victor Almeida', 'Pedro Henrique Silva'],
      total: 3,
    });
    // All of them signed up within the last 8 hours.
    expect((await listNames('franqueador', 'semContato=48h')).total).toBe(0);
    expect(await listNames('cliente', 'status=novo&q=pedro')).toEqual({ names: ['Pedro Henrique Silva'], total: 1 });
  });

  it('filters the export the same way', async () => {
    const response = await as(ctx.app, 'vendedor').get('/api/leads/export.csv?retorno=atrasados');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Gabriela Santos');
  });

  it('refuses unknown filter values with a pt-BR message', async () => {
    for (const [query, message] of [
      ['status=perdido', M.statusInvalido],
      ['retorno=ontem', M.filtroRetornoInvalido],
      ['semContato=sim', M.filtroSemContatoInvalido],
      ['responsavelId=fulano', M.filtroResponsavelInvalido],
    ]) {
      const response = await as(ctx.app, 'franqueador').get(`/api/leads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toContain(message);
    }
  });
});

describe('GET /api/dashboard/acompanhamento', () => {
  it("counts the vendedor's and the cliente's returns due today, overdue, and the leads never contacted", async () => {
    const expected: AcompanhamentoResumo = { retornosHoje: 1, atrasados: 1, semContato48h: 0 };
    for (const role of ['vendedor', 'cliente'] as Role[]) {
      const response = await as(ctx.app, role).get('/api/dashboard/acompanhamento');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    expect((await as(ctx.app, 'franqueador').get('/api/dashboard/acompanhamento')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/dashboard/acompanhamento')).statusCode).toBe(403);
  });
});

describe('PATCH /api/leads/:id', () => {
  it('moves the status and the return date, each change with its entry by its author', async () => {
    const response = await as(ctx.app, 'vendedor').patch(`/api/leads/${ids['Pedro Henrique Silva']}`, {
      status: 'interessado',
      proximoContatoEm: dayFromToday(2),
    });
    expect(response.statusCode, response.body).toBe(200);
    const pedro = response.json() as LeadDetalhe;
    expect(pedro).toMatchObject({ status: 'interessado', proximoContatoEm: dayFromToday(2), motivoPerda: null });
    expect(pedro.historico[0]).toMatchObject({
      tipo: 'status',
      autor: { nome: 'Marcos Vinícius Costa' },
      dados: { status: ['novo', 'interessado'], proximoContatoEm: [null, dayFromToday(2)] },
    });
    // The same values again change nothing and write nothing.
    const again = await as(ctx.app, 'cliente').patch(`/api/leads/${ids['Pedro Henrique Silva']}`, {
      status: 'interessado',
    });
    expect((again.json() as LeadDetalhe).historico).toHaveLength(pedro.historico.length);
  });

  it('asks for the loss reason with sem_interesse, and clears it when the lead comes back', async () => {
    const url = `/api/leads/${ids['Pedro Henrique Silva']}`;
    const missing = await as(ctx.app, 'cliente').patch(url, { status: 'sem_interesse' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ motivoPerda: M.motivoObrigatorio });

    const wrong = await as(ctx.app, 'cliente').patch(url, { status: 'em_contato', motivoPerda: 'preco' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ motivoPerda: M.motivoSoSemInteresse });

    const alone = await as(ctx.app, 'cliente').patch(url, { motivoPerda: 'preco' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({ message: M.motivoSoSemInteresse });

    const lost = await as(ctx.app, 'cliente').patch(url, { status: 'sem_interesse', motivoPerda: 'preco' });
    expect(lost.json()).toMatchObject({ status: 'sem_interesse', motivoPerda: 'preco' });
    const reason = await as(ctx.app, 'cliente').patch(url, { motivoPerda: 'distancia' });
    expect(reason.json()).toMatchObject({ status: 'sem_interesse', motivoPerda: 'distancia' });
    const noReason = await as(ctx.app, 'cliente').patch(url, { motivoPerda: null });
    expect(noReason.statusCode).toBe(400);

    const back = await as(ctx.app, 'cliente').patch(url, { status: 'interessado' });
    expect(back.json()).toMatchObject({ status: 'interessado', motivoPerda: null });
    expect((back.json() as LeadDetalhe).historico[0]!.dados).toEqual({
      status: ['sem_interesse', 'interessado'],
      motivoPerda: ['distancia', null],
    });
  });

  it('takes a return date from today on, in Brasília', async () => {
    const url = `/api/leads/${ids['Pedro Henrique Silva']}`;
    const past = await as(ctx.app, 'vendedor').patch(url, { proximoContatoEm: dayFromToday(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ proximoContatoEm: M.retornoPassado });
    const todayOk = await as(ctx.app, 'vendedor').patch(url, { proximoContatoEm: today() });
    expect(todayOk.json()).toMatchObject({ proximoContatoEm: today() });
    const cleared = await as(ctx.app, 'vendedor').patch(url, { proximoContatoEm: null });
    expect(cleared.json()).toMatchObject({ proximoContatoEm: null });
    const nothing = await as(ctx.app, 'vendedor').patch(url, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ message: M.nadaAlterar });
  });

  it('assigns only a vendedor of the lead’s micro-franquia, and only the network above the vendedores may', async () => {
    const url = `/api/leads/${ids['Pedro Henrique Silva']}`;
    for (const role of ['vendedor', 'cliente'] as Role[]) {
      const response = await as(ctx.app, role).patch(url, { responsavelId: ids.vendedor });
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toEqual({ message: M.semPermissaoAtribuir });
    }
    const assigned = await as(ctx.app, 'micro_franquia').patch(url, { responsavelId: ids.vendedor });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const pedro = assigned.json() as LeadDetalhe;
    expect(pedro.responsavel).toEqual({ id: ids.vendedor, nome: 'Marcos Vinícius Costa' });
    expect(pedro.historico[0]).toMatchObject({
      tipo: 'responsavel',
      dados: { de: null, para: { id: ids.vendedor, nome: 'Marcos Vinícius Costa' } },
    });

    const santos = await insertVendedorOf('Litoral Saber ME');
    const otherMicro = await as(ctx.app, 'franqueador').patch(url, { responsavelId: santos });
    expect(otherMicro.statusCode).toBe(400);
    expect(otherMicro.json().errors).toEqual({ responsavelId: M.responsavelOutraMicroFranquia });
    // The micro-franquia does not see another micro-franquia's vendedores at all.
    expect((await as(ctx.app, 'micro_franquia').patch(url, { responsavelId: santos })).statusCode).toBe(404);

    const inactive = await insertVendedorOf('Campinas Educação ME', false);
    expect((await as(ctx.app, 'micro_franquia').patch(url, { responsavelId: inactive })).statusCode).toBe(400);

    const other = await insertOtherNetwork(ctx.handle.db);
    const [otherVendedor] = await ctx.handle.db
      .select({ id: vendedores.id })
      .from(vendedores)
      .where(eq(vendedores.userId, other.vendedorUserId));
    const foreign = await as(ctx.app, 'franqueador').patch(url, { responsavelId: otherVendedor!.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: M.responsavelNaoEncontrado });

    const options = await as(ctx.app, 'micro_franquia').get(`${url}/responsaveis`);
    expect(options.json()).toEqual([{ id: ids.vendedor, nome: 'Marcos Vinícius Costa' }]);
    expect((await as(ctx.app, 'vendedor').get(`${url}/responsaveis`)).statusCode).toBe(403);

    const unassigned = await as(ctx.app, 'franquia').patch(url, { responsavelId: null });
    expect(unassigned.json()).toMatchObject({ responsavel: null });
  });

  it('answers 404 outside the scope, and writes nothing there', async () => {
    const url = `/api/leads/${ids['João Victor Almeida']}`;
    const response = await as(ctx.app, 'micro_franquia').patch(url, { status: 'em_contato' });
    expect(response.statusCode).toBe(404);
    expect((await detalhe('franqueador', 'João Victor Almeida')).status).toBe('novo');
  });

  it('keeps an enrolled lead convertido', async () => {
    const response = await as(ctx.app, 'cliente').patch(`/api/leads/${ids['Mariana Costa']}`, {
      status: 'em_contato',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: M.convertidoComMatricula });
  });
});

describe('contacts and notes', () => {
  it('the first contact dates the lead and puts a new one em_contato', async () => {
    const url = `/api/leads/${ids['João Victor Almeida']}/contatos`;
    const response = await as(ctx.app, 'franqueador').post(url, {
      canal: 'whatsapp',
      resultado: 'mensagem_enviada',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json() as HistoricoEntry;
    expect(entry).toMatchObject({
      tipo: 'contato',
      autor: { nome: expect.any(String) },
      dados: { canal: 'whatsapp', resultado: 'mensagem_enviada', nota: null },
    });
    const joao = await detalhe('franqueador', 'João Victor Almeida');
    expect(joao.status).toBe('em_contato');
    expect(joao.primeiroContatoEm).toBe(entry.em);
    expect(joao.historico.slice(0, 2).map((h) => h.tipo)).toEqual(['status', 'contato']);

    const second = await as(ctx.app, 'franqueador').post(url, { canal: 'telefone', resultado: 'atendeu', nota: 'Ok' });
    expect(second.statusCode).toBe(201);
    expect((await detalhe('franqueador', 'João Victor Almeida')).primeiroContatoEm).toBe(entry.em);
  });

  it('refuses a wrong channel or result, and a lead outside the scope', async () => {
    const url = `/api/leads/${ids['Lucas Oliveira']}/contatos`;
    const bad = await as(ctx.app, 'cliente').post(url, { canal: 'pombo', resultado: 'atendeu' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(M.canalInvalido);
    const result = await as(ctx.app, 'cliente').post(url, { canal: 'telefone', resultado: 'talvez' });
    expect(JSON.stringify(result.json())).toContain(M.resultadoInvalido);
    const outside = await as(ctx.app, 'cliente').post(`/api/leads/${ids['Beatriz Fernandes']}/contatos`, {
      canal: 'telefone',
      resultado: 'atendeu',
    });
    expect(outside.statusCode).toBe(404);
  });

  it('keeps a note as it was written, markup included, up to 2,000 characters', async () => {
    const url = `/api/leads/${ids['Lucas Oliveira']}/notas`;
    const texto = '<script>alert("x")</script> Família pediu material & valores';
    const response = await as(ctx.app, 'vendedor').post(url, { texto: `  ${texto}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ tipo: 'nota', dados: { texto } });
    expect((await detalhe('cliente', 'Lucas Oliveira')).historico[0]).toMatchObject({ tipo: 'nota', dados: { texto } });

    const long = await as(ctx.app, 'vendedor').post(url, { texto: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(M.notaLonga);
    const empty = await as(ctx.app, 'vendedor').post(url, { texto: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(M.notaObrigatoria);
  });
});

describe('the funnel writes the history', () => {
  it('efetivar converts the lead, with the efetivador as the author', async () => {
    const [pre] = await ctx.handle.db
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(eq(preMatriculas.nome, 'Lucas Oliveira'));
    const response = await as(ctx.app, 'cliente').post(`/api/matriculas/efetivar/${pre!.id}`);
    expect(response.statusCode, response.body).toBe(201);
    const lucas = await detalhe('cliente', 'Lucas Oliveira');
    expect(lucas.status).toBe('convertido');
    expect(
      lucas.historico
        .slice(0, 2)
        .map((h) => h.tipo)
        .sort(),
    ).toEqual(['matricula', 'status']);
    expect(lucas.historico.find((h) => h.tipo === 'status')).toMatchObject({
      dados: { status: ['em_contato', 'convertido'] },
    });
    // A converted lead's return is no longer due.
    const counts = (await as(ctx.app, 'vendedor').get('/api/dashboard/acompanhamento')).json() as AcompanhamentoResumo;
    expect(counts.retornosHoje).toBe(0);
  });

  it('a repeat sign-up the dedupe absorbs is kept on the lead, its answer unchanged', async () => {
    const [evento] = await ctx.handle.db
      .select({ id: eventos.id })
      .from(eventos)
      .innerJoin(leads, eq(leads.eventoId, eventos.id))
      .where(eq(leads.nomeAluno, 'Pedro Henrique Silva'));
    const body = {
      eventoId: evento!.id,
      nomeAluno: 'pedro henrique silva',
      nomeResponsavel: 'Renata Silva Souza',
      email: 'PEDRO.HS@email.com',
      telefone: '(19) 99999-0000',
      consentimento: true,
    };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/leads', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    const pedro = await detalhe('cliente', 'Pedro Henrique Silva');
    expect(pedro.historico[0]).toMatchObject({
      tipo: 'reinscricao',
      autor: null,
      dados: { nomeResponsavel: 'Renata Silva Souza', telefone: '19999990000' },
    });
    // The lead keeps its own data.
    expect(pedro.nomeResponsavel).toBe('Renata Silva');
  });
});

describe('text the JSON history cannot hold', () => {
  it('keeps half of a UTF-16 pair as U+FFFD in a note and in a repeat sign-up, never a 500', async () => {
    const nota = await as(ctx.app, 'cliente').post(`/api/leads/${ids['Pedro Henrique Silva']}/notas`, {
      texto: 'Ligar \udfff amanhã',
    });
    expect(nota.statusCode).toBe(201);
    expect(nota.json()).toMatchObject({ dados: { texto: 'Ligar \ufffd amanhã' } });

    const [evento] = await ctx.handle.db
      .select({ id: leads.eventoId })
      .from(leads)
      .where(eq(leads.nomeAluno, 'Pedro Henrique Silva'));
    const repeat = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        eventoId: evento!.id,
        nomeAluno: 'Pedro Henrique Silva',
        nomeResponsavel: 'Renata \ud800 Silva',
        email: 'pedro.hs@email.com',
        telefone: '19999990000',
        consentimento: true,
      },
    });
    expect(repeat.statusCode, repeat.body).toBe(201);
    const pedro = await detalhe('cliente', 'Pedro Henrique Silva');
    expect(pedro.historico[0]).toMatchObject({
      tipo: 'reinscricao',
      dados: { nomeResponsavel: 'Renata \ufffd Silva' },
    });
  });
});

describe('totals counted from the counters', () => {
  it('equal the rows the filter lists, for every role, after leads age and move on', async () => {
    // A new family, and three leads signed up three days ago.
    const [evento] = await ctx.handle.db
      .select({ id: leads.eventoId })
      .from(leads)
      .where(eq(leads.nomeAluno, 'Lucas Oliveira'));
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {
        eventoId: evento!.id,
        nomeAluno: 'Helena Prado',
        nomeResponsavel: 'Rita Prado',
        email: 'helena.prado@email.com',
        telefone: '19991110000',
        consentimento: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    await ctx.handle.db.execute(sql`update leads set created_at = created_at - interval '3 days'
      where nome_aluno in ('Helena Prado', 'Rafaela Lima', 'Thiago Ribeiro', 'Gabriela Santos')`);
    const checked: string[] = [];
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as Role[]) {
      for (const query of [
        'semContato=true',
        'semContato=48h',
        ...['novo', 'em_contato', 'interessado', 'sem_interesse', 'convertido'].map((s) => `status=${s}`),
      ]) {
        const list = await as(ctx.app, role).get(`/api/leads?${query}&pageSize=500`);
        expect(Number(list.headers['x-total-count']), `${query} as ${role}`).toBe((list.json() as LeadItem[]).length);
        checked.push(`${role} ${query} ${list.headers['x-total-count']}`);
      }
    }
    // Helena: three days old and never contacted.
    expect(checked).toContain('franqueador semContato=48h 1');
    expect(checked).toContain('cliente semContato=48h 1');
    const dashboard = (await as(ctx.app, 'cliente').get('/api/dashboard/acompanhamento')).json();
    expect(dashboard.semContato48h).toBe(1);

    // Told interessada, the family counts as reached: its first contact is dated, and it leaves 'sem contato'.
    const helena = (await as(ctx.app, 'cliente').get('/api/leads?q=helena')).json() as LeadItem[];
    const moved = await as(ctx.app, 'cliente').patch(`/api/leads/${helena[0]!.id}`, { status: 'interessado' });
    expect((moved.json() as LeadDetalhe).primeiroContatoEm).toEqual(expect.any(String));
    expect((await as(ctx.app, 'cliente').get('/api/dashboard/acompanhamento')).json().semContato48h).toBe(0);
  });
});
