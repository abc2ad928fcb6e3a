import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { uniqueEmail } from '../../../../tests/support/network-payloads';
import { unique } from '../../../../tests/support/unique';
import { executeRows } from '../../db/connect';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { auditLog, eventos, leadHistorico, leads, users, vendedores } from '../../db/schema';
import { ACOMPANHAMENTO_MESSAGES as M } from '../../../shared/schemas/acompanhamento';
import { LOTE_MAX, LOTE_MESSAGES, type LeadsLoteResposta } from '../../../shared/schemas/distribuicao';
import type { Exportacao } from '../../../shared/schemas/exportacoes';
import type { LeadItem } from '../../../shared/schemas/funnel';

/**
 * Ações em lote on Leads and Interesses (issue 50): the chosen rows, or all the list's filters match, assigned a
 * vendedor (or none, or each by its micro-franquia's rule), put in a status, or exported -- one transaction, one
 * history entry per changed lead, one audit row per action. Runs on PGlite and PostgreSQL.
 */

let ctx: TestContext;
/** The demo micro-franquia of Campinas and the demo cliente's event there. */
let mf: string;
let vizinha: string;
let evento: typeof eventos.$inferSelect;
let microUserId: string;
const v: Record<string, { vendedorId: string; userId: string }> = {};

async function addVendedor(nome: string, microFranquiaId = mf, isActive = true) {
  const db = ctx.handle.db;
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail('vendedor.lote'), password: DEMO_PASSWORD, role: 'vendedor', nome, microFranquiaId })
    .returning({ id: users.id });
  const [vendedor] = await db
    .insert(vendedores)
    .values({ microFranquiaId, userId: user!.id, isActive })
    .returning({ id: vendedores.id });
  return { vendedorId: vendedor!.id, userId: user!.id };
}

/** A new event of the demo cliente (or of `base`'s cliente and micro-franquia). */
async function addEvento(base = evento) {
  const [row] = await ctx.handle.db
    .insert(eventos)
    .values({
      clienteId: base.clienteId,
      microFranquiaId: base.microFranquiaId,
      nomeEscola: `Escola Lote ${unique()}`,
      tipoEscola: 'publica',
      cidade: base.cidade,
      estado: base.estado,
      dataDistribuicao: base.dataDistribuicao,
      dataEvento: base.dataEvento,
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 10,
    })
    .returning();
  return row!;
}

/** `n` leads of an event, in one statement; `status` and `responsavelId` as given. */
async function addLeads(eventoId: string, n: number, extra: { status?: string; responsavelId?: string } = {}) {
  const tag = unique();
  const rows = await executeRows<{ id: string }>(
    ctx.handle.db,
    sql`insert into ${leads} (evento_id, nome_aluno, nome_responsavel, email, telefone, status, responsavel_id,
        primeiro_contato_em)
      select ${eventoId}::uuid, 'Aluno ' || g, 'Responsável ' || g, 'lote.' || ${tag} || '.' || g || '@email.com',
        '19987654321', ${extra.status ?? 'novo'}::lead_status, ${extra.responsavelId ?? null}::uuid,
        case when ${extra.status ?? 'novo'} = 'novo' then null else now() end
      from generate_series(1, ${n}) g
      returning id`,
  );
  return rows.map((r) => r.id);
}

const lote = (role: Parameters<typeof as>[1], body: unknown) => as(ctx.app, role).post('/api/leads/lote', body);

async function ok(role: Parameters<typeof as>[1], body: unknown): Promise<LeadsLoteResposta> {
  const response = await lote(role, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadsLoteResposta;
}

const responsaveis = async (ids: string[]) =>
  (await ctx.handle.db.select({ r: leads.responsavelId }).from(leads).where(inArray(leads.id, ids))).map((x) => x.r);

const historico = (ids: string[], tipo: 'responsavel' | 'status') =>
  ctx.handle.db
    .select({ leadId: leadHistorico.leadId, dados: leadHistorico.dados, autorId: leadHistorico.autorId })
    .from(leadHistorico)
    .where(and(inArray(leadHistorico.leadId, ids), eq(leadHistorico.tipo, tipo)));

const auditorias = () =>
  ctx.handle.db
    .select({ detalhes: auditLog.detalhes, usuarioId: auditLog.usuarioId })
    .from(auditLog)
    .where(eq(auditLog.acao, 'leads.lote'))
    .orderBy(asc(auditLog.em));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const [micro] = await db
    .select({ id: users.id, mf: users.microFranquiaId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.micro_franquia));
  mf = micro!.mf!;
  microUserId = micro!.id;
  const [cliente] = await db
    .select({ clienteId: users.clienteId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.cliente));
  const [doCliente] = await db.select().from(eventos).where(eq(eventos.clienteId, cliente!.clienteId!)).limit(1);
  evento = doCliente!;
  expect(evento.microFranquiaId).toBe(mf);
  // Another micro-franquia of the demo network, with leads.
  const [outra] = await db
    .select({ id: leads.microFranquiaId })
    .from(leads)
    .where(sql`${leads.microFranquiaId} <> ${mf}`)
    .limit(1);
  vizinha = outra!.id!;
  v.ana = await addVendedor('Ana Lote');
  v.bruno = await addVendedor('Bruno Lote');
  v.inativo = await addVendedor('Caio Inativo', mf, false);
  v.vizinho = await addVendedor('Vendedor Vizinho', vizinha);
});
afterAll(() => ctx.close());

describe('atribuir', () => {
  it('reassigns 500 leads in one call: one audit row and one history entry per lead', async () => {
    const novo = await addEvento();
    const ids = await addLeads(novo.id, 500);
    const antes = (await auditorias()).length;
    const answer = await ok('micro_franquia', {
      filtro: { eventoId: novo.id },
      acao: 'atribuir',
      vendedorId: v.ana!.vendedorId,
    });
    expect(answer).toEqual({ alterados: 500, exportacao: null });
    expect(new Set(await responsaveis(ids))).toEqual(new Set([v.ana!.vendedorId]));
    const entradas = await historico(ids, 'responsavel');
    expect(entradas).toHaveLength(500);
    expect(entradas[0]).toMatchObject({
      autorId: microUserId,
      dados: { de: null, para: { id: v.ana!.vendedorId, nome: 'Ana Lote' } },
    });
    const trilha = await auditorias();
    expect(trilha).toHaveLength(antes + 1);
    expect(trilha.at(-1)).toMatchObject({
      usuarioId: microUserId,
      detalhes: { acao: 'atribuir', alterados: 500, vendedorId: v.ana!.vendedorId, filtro: { eventoId: novo.id } },
    });

    // Already theirs: neither counted nor written again.
    const again = await ok('micro_franquia', {
      filtro: { eventoId: novo.id },
      acao: 'atribuir',
      vendedorId: v.ana!.vendedorId,
    });
    expect(again.alterados).toBe(0);
    expect(await historico(ids, 'responsavel')).toHaveLength(500);

    // Chosen rows, and null clears.
    const tres = ids.slice(0, 3);
    expect(await ok('franquia', { ids: tres, acao: 'atribuir', vendedorId: null })).toMatchObject({ alterados: 3 });
    expect(await responsaveis(tres)).toEqual([null, null, null]);
    const limpas = (await historico(tres, 'responsavel')).filter((h) => (h.dados as { para: unknown }).para === null);
    expect(limpas.map((h) => h.dados)).toEqual(
      Array(3).fill({ de: { id: v.ana!.vendedorId, nome: 'Ana Lote' }, para: null }),
    );
    expect((await auditorias()).at(-1)!.detalhes).toMatchObject({ acao: 'atribuir', alterados: 3, ids: 3 });
  });

  it('refuses a vendedor inactive or of another micro-franquia than any chosen lead, changing nothing', async () => {
    const aqui = await addLeads((await addEvento()).id, 2);
    const [deLa] = await executeRows<{ id: string }>(
      ctx.handle.db,
      sql`select ${leads.id} as id from ${leads} where ${leads.microFranquiaId} = ${vizinha}::uuid limit 1`,
    );
    for (const vendedorId of [v.vizinho!.vendedorId, v.inativo!.vendedorId]) {
      const refused = await lote('franqueador', { ids: [...aqui, deLa!.id], acao: 'atribuir', vendedorId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: M.responsavelOutraMicroFranquia,
        errors: { vendedorId: M.responsavelOutraMicroFranquia },
      });
    }
    expect(await responsaveis(aqui)).toEqual([null, null]);
    // A vendedor the caller does not see is one that does not exist.
    const unseen = await lote('micro_franquia', { ids: aqui, acao: 'atribuir', vendedorId: v.vizinho!.vendedorId });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().message).toBe(M.responsavelNaoEncontrado);
  });

  it('answers 404 when any chosen lead is outside the caller scope, and changes nothing', async () => {
    const aqui = await addLeads((await addEvento()).id, 2);
    const [deLa] = await executeRows<{ id: string }>(
      ctx.handle.db,
      sql`select ${leads.id} as id from ${leads} where ${leads.microFranquiaId} = ${vizinha}::uuid limit 1`,
    );
    for (const body of [
      { ids: [...aqui, deLa!.id], acao: 'atribuir', vendedorId: v.ana!.vendedorId },
      { ids: [...aqui, deLa!.id], acao: 'status', status: 'interessado' },
      { ids: [...aqui, '00000000-0000-4000-8000-000000000000'], acao: 'status', status: 'interessado' },
      { ids: [...aqui, deLa!.id], acao: 'exportar' },
    ]) {
      const response = await lote('micro_franquia', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json()).toEqual({ message: M.leadNaoEncontrado });
    }
    const rows = await ctx.handle.db
      .select({ status: leads.status, r: leads.responsavelId })
      .from(leads)
      .where(inArray(leads.id, aqui));
    expect(rows).toEqual([
      { status: 'novo', r: null },
      { status: 'novo', r: null },
    ]);
    expect(await historico(aqui, 'status')).toEqual([]);
  });

  it('asks each action its own permission: a cliente may change a status but not assign', async () => {
    const ids = await addLeads(evento.id, 2);
    for (const role of ['cliente', 'vendedor'] as const) {
      const refused = await lote(role, { ids, acao: 'atribuir', vendedorId: v.ana!.vendedorId });
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe(M.semPermissaoAtribuir);
    }
    expect(await ok('cliente', { ids, acao: 'status', status: 'interessado' })).toMatchObject({ alterados: 2 });
    expect((await lote('aluno', { ids, acao: 'status', status: 'novo' })).statusCode).toBe(403);
    expect((await lote(null, { ids, acao: 'status', status: 'novo' })).statusCode).toBe(401);
  });

  it(`refuses more than ${LOTE_MAX} leads by the filters, and a body without a selection`, async () => {
    const grande = await addEvento();
    await addLeads(grande.id, LOTE_MAX + 1);
    const refused = await lote('micro_franquia', {
      filtro: { eventoId: grande.id },
      acao: 'status',
      status: 'em_contato',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: LOTE_MESSAGES.muitos });
    const [{ n }] = (await executeRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from ${leads} where evento_id = ${grande.id}::uuid and status = 'novo'`,
    )) as [{ n: number }];
    expect(Number(n)).toBe(LOTE_MAX + 1);

    const nada = await lote('micro_franquia', { acao: 'status', status: 'novo' });
    expect(nada.statusCode).toBe(400);
    expect(nada.json().errors).toEqual({ ids: LOTE_MESSAGES.idsOuFiltro });
    const semVendedor = await lote('micro_franquia', { ids: [grande.id], acao: 'atribuir' });
    expect(semVendedor.json().errors).toEqual({ vendedorId: LOTE_MESSAGES.vendedorObrigatorio });
  }, 60_000);
});

describe('status', () => {
  it('puts the chosen leads in a status with the single change rules, one history entry each', async () => {
    const ids = await addLeads((await addEvento()).id, 3);
    const semMotivo = await lote('micro_franquia', { ids, acao: 'status', status: 'sem_interesse' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().errors).toEqual({ motivoPerda: M.motivoObrigatorio });
    const motivoSobrando = await lote('micro_franquia', {
      ids,
      acao: 'status',
      status: 'interessado',
      motivoPerda: 'preco',
    });
    expect(motivoSobrando.json().errors).toEqual({ motivoPerda: M.motivoSoSemInteresse });

    expect(
      await ok('micro_franquia', { ids, acao: 'status', status: 'sem_interesse', motivoPerda: 'preco' }),
    ).toMatchObject({ alterados: 3 });
    const entradas = await historico(ids, 'status');
    expect(entradas.map((e) => e.dados)).toEqual(
      Array(3).fill({ status: ['novo', 'sem_interesse'], motivoPerda: [null, 'preco'] }),
    );
    expect(
      await ok('micro_franquia', { ids, acao: 'status', status: 'sem_interesse', motivoPerda: 'preco' }),
    ).toMatchObject({ alterados: 0 });
    // Only the reason changes: its entry says only that.
    expect(
      await ok('micro_franquia', {
        ids: ids.slice(0, 1),
        acao: 'status',
        status: 'sem_interesse',
        motivoPerda: 'outro',
      }),
    ).toMatchObject({ alterados: 1 });
    expect((await historico(ids.slice(0, 1), 'status')).map((e) => e.dados)).toContainEqual({
      motivoPerda: ['preco', 'outro'],
    });

    // 'em contato' dates the first contact; a contacted lead never goes back to 'novo'.
    await ok('micro_franquia', { ids, acao: 'status', status: 'em_contato' });
    const contatados = await ctx.handle.db
      .select({ p: leads.primeiroContatoEm, m: leads.motivoPerda })
      .from(leads)
      .where(inArray(leads.id, ids));
    expect(contatados.every((c) => c.p !== null && c.m === null)).toBe(true);
    const volta = await lote('micro_franquia', { ids, acao: 'status', status: 'novo' });
    expect(volta.statusCode).toBe(400);
    expect(volta.json().message).toBe(M.contatadoNaoVoltaNovo);
    expect(await historico(ids, 'status')).toHaveLength(3 + 1 + 3);
  });

  it('refuses to move a converted lead with a matrícula, as the single change does (409)', async () => {
    const [mariana] = await ctx.handle.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.nomeAluno, 'Mariana Costa'), eq(leads.status, 'convertido')));
    const [outro] = await addLeads((await addEvento()).id, 1);
    const refused = await lote('franqueador', { ids: [outro, mariana!.id], acao: 'status', status: 'interessado' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: M.convertidoComMatricula });
    expect(await historico([outro!], 'status')).toEqual([]);
  });
});

describe('exportar', () => {
  it('exports the chosen leads only, as the list CSV, and the filters as POST /api/leads/exportacoes', async () => {
    const novo = await addEvento();
    const ids = await addLeads(novo.id, 5);
    const escolhidos = ids.slice(0, 3);
    const answer = await ok('micro_franquia', { ids: escolhidos, acao: 'exportar' });
    expect(answer.alterados).toBe(3);
    expect(answer.exportacao).toMatchObject({ direta: true, id: null });
    const file = await as(ctx.app, 'micro_franquia').get(answer.exportacao!.arquivo!);
    expect(file.statusCode, file.body).toBe(200);
    const linhas = file.body.split('\r\n').filter(Boolean).slice(1);
    expect(linhas).toHaveLength(3);

    const porFiltro = await ok('micro_franquia', {
      filtro: { eventoId: novo.id, view: 'interesses' },
      acao: 'exportar',
    });
    const mesmo = await as(ctx.app, 'micro_franquia').post(
      `/api/leads/exportacoes?eventoId=${novo.id}&view=interesses`,
    );
    expect(porFiltro).toEqual({
      alterados: 5,
      exportacao: { direta: true, arquivo: (mesmo.json() as { arquivo: string }).arquivo, id: null },
    });
    // Nothing changed on the leads.
    expect(await historico(ids, 'status')).toEqual([]);
  });

  it('writes a long choice of ids as an export job, whose file holds exactly those leads', async () => {
    const ids = await addLeads((await addEvento()).id, 150);
    const answer = await ok('micro_franquia', { ids: ids.slice(0, 120), acao: 'exportar' });
    expect(answer.alterados).toBe(120);
    expect(answer.exportacao).toMatchObject({ direta: false, arquivo: null, id: expect.any(String) });
    await ctx.app.background.drain();
    const job = (
      await as(ctx.app, 'micro_franquia').get(`/api/exportacoes/${answer.exportacao!.id}`)
    ).json<Exportacao>();
    expect(job).toMatchObject({ status: 'concluido', linhas: 120 });
  });
});

describe("'automático' and a deactivated vendedor's open leads", () => {
  it("hands the open leads to the others by the micro-franquia's rule; the closed stay", async () => {
    const saindo = await addVendedor('Sérgio Saindo');
    const novo = await addEvento();
    const abertos = [
      ...(await addLeads(novo.id, 2, { responsavelId: saindo.vendedorId })),
      ...(await addLeads(novo.id, 2, { status: 'em_contato', responsavelId: saindo.vendedorId })),
    ];
    const [fechado] = await addLeads(novo.id, 1, { status: 'sem_interesse', responsavelId: saindo.vendedorId });
    const filtro = { responsavelId: saindo.vendedorId, abertos: 'sim' };

    // 'nenhuma' gives nobody: the leads keep theirs.
    expect(await ok('micro_franquia', { filtro, acao: 'atribuir', automatico: true })).toMatchObject({ alterados: 0 });

    const put = await as(ctx.app, 'micro_franquia').put(`/api/micro-franquias/${mf}/distribuicao`, { modo: 'rodizio' });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (await as(ctx.app, 'micro_franquia').patch(`/api/usuarios/${saindo.userId}`, { isActive: false })).statusCode,
    ).toBe(200);
    const lista = await as(ctx.app, 'micro_franquia').get(`/api/leads?responsavelId=${saindo.vendedorId}&abertos=sim`);
    expect((lista.json() as LeadItem[]).map((l) => l.id).sort()).toEqual([...abertos].sort());

    expect(await ok('micro_franquia', { filtro, acao: 'atribuir', automatico: true })).toMatchObject({ alterados: 4 });
    const agora = await responsaveis(abertos);
    expect(agora).not.toContain(saindo.vendedorId);
    expect(agora).not.toContain(null);
    // In turns: four consecutive turns give four different vendedores when there are that many.
    const ativos = await executeRows<{ id: string }>(
      ctx.handle.db,
      sql`select v.id from ${vendedores} v join ${users} u on u.id = v.user_id
        where v.micro_franquia_id = ${mf}::uuid and v.is_active and not v.ausente and u.is_active`,
    );
    expect(new Set(agora).size).toBe(Math.min(4, ativos.length));
    expect(await responsaveis([fechado!])).toEqual([saindo.vendedorId]);
    const entradas = await historico(abertos, 'responsavel');
    expect(entradas).toHaveLength(4);
    expect(entradas[0]).toMatchObject({
      autorId: microUserId,
      dados: { de: { id: saindo.vendedorId, nome: 'Sérgio Saindo' }, automatico: true },
    });
    expect((await auditorias()).at(-1)!.detalhes).toMatchObject({ acao: 'atribuir', automatico: true, alterados: 4 });
    expect(
      Number(
        (await as(ctx.app, 'micro_franquia').get(`/api/leads?responsavelId=${saindo.vendedorId}&abertos=sim`)).headers[
          'x-total-count'
        ],
      ),
    ).toBe(0);
  });
});
