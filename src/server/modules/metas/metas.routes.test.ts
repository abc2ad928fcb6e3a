import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, vendedorPayload, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { auditLog, leads, metas, users, vendedores } from '../../db/schema';
import { executeRows } from '../../db/connect';
import { dividirPorPesos } from '../../../shared/metas/divisao';
import { todayInBrasilia } from '../../../shared/brasilia';
import { METAS_MESSAGES, type MetasPainelView, type MetasView, type RankingView } from '../../../shared/schemas/metas';

/**
 * Metas e rankings (issue 48) through the API: the franqueador sets the network's goal and its franquias', each
 * level its children's within its own; a child edited by hand rebalances its unlocked siblings, a parent's new goal
 * cascades down; nobody sets its own or a higher goal (403), a unit outside its scope is 404; the ranking shows a
 * vendedor its peers' positions without their figures; the projection counts the month's working days; every write
 * is audited.
 */

let ctx: TestContext;
let outra: OtherNetwork;
const ids = {} as Record<
  'rede' | 'sp' | 'mg' | 'campinas' | 'santos' | 'contagem' | 'marcos' | 'novoVendedor' | 'horizonte' | 'saberContagem',
  string
>;
const novoVendedor = vendedorPayload({ nome: 'Beatriz Nogueira' });
/** A month of its own, far from the demo's goals: every case here starts from a network without goals. */
const MES = '2031-03';

beforeAll(async () => {
  ctx = await createTestApp();
  outra = await insertOtherNetwork(ctx.handle.db);
  const db = ctx.handle.db;
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  ids.rede = (await byEmail('franqueador@demo.com.br')).franqueadorId!;
  ids.sp = (await byEmail('franquia@demo.com.br')).franquiaId!;
  ids.mg = (await byEmail('franquia.mg@demo.com.br')).franquiaId!;
  ids.campinas = (await byEmail('micro@demo.com.br')).microFranquiaId!;
  ids.santos = (await byEmail('micro.santos@demo.com.br')).microFranquiaId!;
  ids.contagem = (await byEmail('micro.contagem@demo.com.br')).microFranquiaId!;
  ids.horizonte = (await byEmail('cliente@demo.com.br')).clienteId!;
  ids.saberContagem = (await byEmail('cliente.contagem@demo.com.br')).clienteId!;
  const marcos = await byEmail('vendedor@demo.com.br');
  ids.marcos = (await db.select().from(vendedores).where(eq(vendedores.userId, marcos.id)))[0]!.id;
  const criado = await as(ctx.app, 'micro_franquia').post('/api/vendedores', novoVendedor);
  expect(criado.statusCode, criado.body).toBe(201);
  const novo = await byEmail(novoVendedor.email);
  ids.novoVendedor = (await db.select().from(vendedores).where(eq(vendedores.userId, novo.id)))[0]!.id;
});
afterAll(() => ctx.close());

const franqueador = () => as(ctx.app, 'franqueador');
const franquia = () => as(ctx.app, 'franquia');
const micro = () => as(ctx.app, 'micro_franquia');
const vendedor = () => as(ctx.app, 'vendedor');
const beatriz = () => as(ctx.app, { email: novoVendedor.email, password: novoVendedor.password });

type Caller = ReturnType<typeof franqueador>;

async function definir(caller: Caller, body: Record<string, unknown>, status = 200) {
  const response = await caller.put('/api/metas', { mes: MES, etapa: 'leads', ...body });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<MetasView>();
}

async function ver(caller: Caller, etapa = 'leads', mes = MES) {
  const response = await caller.get(`/api/metas?mes=${mes}&etapa=${etapa}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MetasView>();
}

const metaDe = (view: MetasView, alvoId: string) => view.filhos.find((f) => f.alvoId === alvoId)?.meta;

describe('the demo network', () => {
  it('has this month goals a newcomer finds, each parent the sum of its children', async () => {
    const mes = todayInBrasilia().slice(0, 7);
    const rede = await ver(franqueador(), 'leads', mes);
    expect(rede.no.meta).toBe(120);
    expect(rede.filhos.reduce((a, f) => a + (f.meta ?? 0), 0)).toBe(120);
    const sp = await ver(franquia(), 'leads', mes);
    expect(sp.filhos.reduce((a, f) => a + (f.meta ?? 0), 0)).toBe(sp.no.meta);
    expect(sp.filhos.find((f) => f.alvoId === ids.campinas)?.travada).toBe(true);
    const painel = (await vendedor().get(`/api/metas/painel?mes=${mes}`)).json<MetasPainelView>();
    expect(painel.etapas).toEqual([expect.objectContaining({ etapa: 'leads', meta: 50 })]);
  });
});

describe('setting goals down the tree', () => {
  it('asks for the parent goal first, then splits: siblings rebalance, the locked one stays, a parent cascades', async () => {
    // A franquia's children need the franquia's goal, which needs the network's.
    const semPai = await franquia().put('/api/metas', {
      mes: MES,
      etapa: 'leads',
      nivel: 'micro_franquia',
      alvoId: ids.campinas,
      valor: 10,
    });
    expect(semPai.statusCode).toBe(400);
    expect(semPai.json<{ message: string }>().message).toContain('Defina primeiro a meta de Educa Paulista');

    let rede = await definir(franqueador(), { nivel: 'rede', alvoId: ids.rede, valor: 1000 });
    expect(rede.no).toMatchObject({ nivel: 'rede', meta: 1000 });
    expect(rede.defineProprio).toBe(true);
    rede = await definir(franqueador(), { nivel: 'franquia', alvoId: ids.sp, valor: 600 });
    expect(metaDe(rede, ids.sp)).toBe(600);
    expect(metaDe(rede, ids.mg)).toBe(400);

    // The franquia splits its 600 evenly, then edits Campinas by hand and locks it: Santos takes the rest.
    const igual = await franquia().post('/api/metas/distribuir', {
      mes: MES,
      etapa: 'leads',
      alvoId: ids.sp,
      criterio: 'igual',
    });
    expect(igual.statusCode, igual.body).toBe(200);
    expect(igual.json<MetasView>().filhos.map((f) => f.meta)).toEqual([300, 300]);
    let sp = await definir(franquia(), { nivel: 'micro_franquia', alvoId: ids.campinas, valor: 400, travada: true });
    expect(sp.no.meta).toBe(600);
    expect(metaDe(sp, ids.campinas)).toBe(400);
    expect(metaDe(sp, ids.santos)).toBe(200);
    expect(sp.filhos.find((f) => f.alvoId === ids.campinas)!.travada).toBe(true);

    // Santos may not take more than the locked Campinas leaves.
    const demais = await franquia().put('/api/metas', {
      mes: MES,
      etapa: 'leads',
      nivel: 'micro_franquia',
      alvoId: ids.santos,
      valor: 300,
    });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<{ message: string }>().message).toBe(METAS_MESSAGES.excedePai(200));

    // Campinas splits its 400 between its two vendedores.
    const campinas = await micro().post('/api/metas/distribuir', {
      mes: MES,
      etapa: 'leads',
      alvoId: ids.campinas,
      criterio: 'igual',
    });
    expect(campinas.statusCode, campinas.body).toBe(200);
    expect(campinas.json<MetasView>().filhos.map((f) => [f.nivel, f.meta])).toEqual([
      ['vendedor', 200],
      ['vendedor', 200],
    ]);

    // The franquia lowers Campinas to 200: Santos gets 400 and Campinas' vendedores are rescaled to 100 each.
    sp = await definir(franquia(), { nivel: 'micro_franquia', alvoId: ids.campinas, valor: 200 });
    expect(metaDe(sp, ids.santos)).toBe(400);
    const abaixo = await ver(micro());
    expect(abaixo.no.meta).toBe(200);
    expect(abaixo.filhos.map((f) => f.meta)).toEqual([100, 100]);

    // The network's goal doubles: the franquias in proportion (1200, 800); in SP the locked Campinas keeps 200.
    rede = await definir(franqueador(), { nivel: 'rede', alvoId: ids.rede, valor: 2000 });
    expect(metaDe(rede, ids.sp)).toBe(1200);
    expect(metaDe(rede, ids.mg)).toBe(800);
    sp = await ver(franquia());
    expect(metaDe(sp, ids.campinas)).toBe(200);
    expect(metaDe(sp, ids.santos)).toBe(1000);
    expect((await ver(micro())).filhos.map((f) => f.meta)).toEqual([100, 100]);
  });

  it('audits each write on its goal, with the value before and after', async () => {
    const [meta] = await ctx.handle.db
      .select()
      .from(metas)
      .where(and(eq(metas.alvoId, ids.campinas), eq(metas.mes, `${MES}-01`), eq(metas.etapa, 'leads')));
    const rows = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entidadeId, meta!.id))
      .orderBy(auditLog.em);
    expect(rows.map((r) => r.acao)).toEqual(['meta.definir', 'meta.distribuir', 'meta.definir']);
    expect(rows[0]!.alteracoes).toMatchObject({ valor: [300, 400], travada: [false, true] });
    expect(rows[2]!.alteracoes).toMatchObject({ valor: [400, 200] });
    expect(rows[1]!.detalhes).toMatchObject({ criterio: 'igual', mes: MES, etapa: 'leads' });
    expect(rows.every((r) => r.entidade === 'meta' && r.franqueadorId === ids.rede)).toBe(true);
  });

  it('splits by last year: each child gets its share of the same month a year before', async () => {
    // November 2026's sign-ups of the demo network, by franquia, counted by hand from the rows.
    const porFranquia = await executeRows<{ franquia_id: string; n: number }>(
      ctx.handle.db,
      sql`select franquia_id, count(*)::int as n from ${leads}
        where franqueador_id = ${ids.rede} and (created_at at time zone 'America/Sao_Paulo')::date between '2026-11-01' and '2026-11-30'
        group by franquia_id`,
    );
    const peso = (id: string) => porFranquia.find((r) => r.franquia_id === id)?.n ?? 0;
    await definir(franqueador(), { mes: '2027-11', nivel: 'rede', alvoId: ids.rede, valor: 1001 });
    const response = await franqueador().post('/api/metas/distribuir', {
      mes: '2027-11',
      etapa: 'leads',
      alvoId: ids.rede,
      criterio: 'historico',
    });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<MetasView>();
    const esperado = dividirPorPesos(1001, [peso(view.filhos[0]!.alvoId), peso(view.filhos[1]!.alvoId)]);
    expect(view.filhos.map((f) => f.meta)).toEqual(esperado);
  });
});

describe('who sets what', () => {
  const put = (caller: Caller, nivel: string, alvoId: string) =>
    caller.put('/api/metas', { mes: MES, etapa: 'leads', nivel, alvoId, valor: 1 });

  it('refuses a unit its own, above it, or deeper than its children (403)', async () => {
    expect((await put(franquia(), 'franquia', ids.sp)).statusCode).toBe(403);
    expect((await put(franquia(), 'rede', ids.rede)).statusCode).toBe(403);
    expect((await put(franquia(), 'vendedor', ids.marcos)).statusCode).toBe(403);
    expect((await put(micro(), 'franquia', ids.sp)).statusCode).toBe(403);
    // Horizonte is Marcos's: the micro-franquia sets Marcos's goal, Marcos sets Horizonte's.
    expect((await put(micro(), 'cliente', ids.horizonte)).statusCode).toBe(403);
    expect((await put(vendedor(), 'vendedor', ids.marcos)).statusCode).toBe(403);
    const self = await put(franquia(), 'franquia', ids.sp);
    expect(self.json<{ message: string }>().message).toBe(METAS_MESSAGES.semPermissao);
    // The cliente sets none; the aluno reads none.
    expect((await put(as(ctx.app, 'cliente'), 'cliente', ids.horizonte)).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get(`/api/metas?mes=${MES}&etapa=leads`)).statusCode).toBe(403);
    // A unit may split only its own goal.
    const alheia = await franquia().post('/api/metas/distribuir', {
      mes: MES,
      etapa: 'leads',
      alvoId: ids.campinas,
      criterio: 'igual',
    });
    expect(alheia.statusCode).toBe(403);
  });

  it('answers 404 for a unit outside its scope: another franquia, another network, none', async () => {
    expect((await put(franquia(), 'micro_franquia', ids.contagem)).statusCode).toBe(404);
    expect((await put(micro(), 'vendedor', ids.novoVendedor)).statusCode).not.toBe(404);
    expect((await put(as(ctx.app, { email: 'micro.santos@demo.com.br' }), 'vendedor', ids.marcos)).statusCode).toBe(
      404,
    );
    expect((await put(franqueador(), 'franquia', outra.franquiaId)).statusCode).toBe(404);
    expect((await put(franqueador(), 'micro_franquia', outra.microFranquiaId)).statusCode).toBe(404);
    expect((await put(franqueador(), 'franquia', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // A level that does not match the id is a unit that does not exist.
    expect((await put(franqueador(), 'micro_franquia', ids.sp)).statusCode).toBe(404);
    const outraRede = await franqueador().post('/api/metas/distribuir', {
      mes: MES,
      etapa: 'leads',
      alvoId: outra.franquiaId,
      criterio: 'igual',
    });
    expect(outraRede.statusCode).toBe(404);
  });

  it('answers 400 in pt-BR for a bad month, stage, value or a field the route does not take', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [{ mes: '2031-13' }, METAS_MESSAGES.mes],
      [{ mes: '03/2031' }, METAS_MESSAGES.mes],
      [{ mes: '0000-01' }, METAS_MESSAGES.mes],
      [{ etapa: 'vendas' }, METAS_MESSAGES.etapa],
      [{ valor: -1 }, METAS_MESSAGES.valor],
      [{ valor: 1.5 }, METAS_MESSAGES.valor],
      [{ valor: 1e18 }, METAS_MESSAGES.valor],
      [{ valor: '10' }, METAS_MESSAGES.valor],
      [{ nivel: 'escola' }, METAS_MESSAGES.nivel],
      [{ alvoId: 'x' }, METAS_MESSAGES.alvo],
    ];
    for (const [campo, mensagem] of casos) {
      const body = { mes: MES, etapa: 'leads', nivel: 'franquia', alvoId: ids.sp, valor: 5, ...campo };
      const response = await franqueador().put('/api/metas', body);
      expect(response.statusCode, JSON.stringify(campo)).toBe(400);
      expect(Object.values(response.json<{ errors: Record<string, string> }>().errors)).toContain(mensagem);
    }
    const extra = await franqueador().put('/api/metas', {
      mes: MES,
      etapa: 'leads',
      nivel: 'franquia',
      alvoId: ids.sp,
      valor: 5,
      franqueadorId: outra.franquiaId,
    });
    expect(extra.statusCode).toBe(400);
    expect((await franqueador().get('/api/metas?mes=2031-00&etapa=leads')).statusCode).toBe(400);
    expect((await franqueador().get('/api/metas/ranking?mes=2031-03')).statusCode).toBe(400);
  });
});

describe('GET /api/metas/ranking', () => {
  it('ranks the network franquias for the franqueador, with their figures, by % of the goal', async () => {
    const response = await franqueador().get(`/api/metas/ranking?mes=${MES}&etapa=leads`);
    expect(response.statusCode, response.body).toBe(200);
    const ranking = response.json<RankingView>();
    expect(ranking.nivel).toBe('franquia');
    expect(ranking.itens.map((i) => i.posicao)).toEqual([1, 2]);
    expect(ranking.itens.every((i) => typeof i.meta === 'number' && typeof i.realizado === 'number')).toBe(true);
    const pcts = ranking.itens.map((i) => i.percentual ?? -1);
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
  });

  it('shows a vendedor its own figures and only the names and positions of its peers', async () => {
    // Beatriz gets a goal above Marcos's: Marcos reads Beatriz's name and place, never her numbers.
    await definir(micro(), { nivel: 'vendedor', alvoId: ids.novoVendedor, valor: 150 });
    const response = await vendedor().get(`/api/metas/ranking?mes=${MES}&etapa=leads`);
    expect(response.statusCode, response.body).toBe(200);
    const ranking = response.json<RankingView>();
    expect(ranking.nivel).toBe('vendedor');
    expect(ranking.itens).toHaveLength(2);
    const eu = ranking.itens.find((i) => i.voce)!;
    expect(eu).toMatchObject({ nome: 'Marcos Vinícius Costa', alvoId: ids.marcos, meta: 50 });
    expect(typeof eu.realizado).toBe('number');
    const par = ranking.itens.find((i) => !i.voce)!;
    expect(Object.keys(par).sort()).toEqual(['nome', 'posicao', 'voce']);
    expect(response.body).not.toContain(ids.novoVendedor);
    // Her goal is nowhere in the answer as a value (a number or a text); the bare digits may occur inside an id,
    // as in 'bb4e15040f60', which once failed this check.
    expect(response.body).not.toMatch(/[:[,]\s*"?150(\.0+)?"?\s*[,\]}]/);
    // Beatriz reads the mirror image.
    const dela = (await beatriz().get(`/api/metas/ranking?mes=${MES}&etapa=leads`)).json<RankingView>();
    expect(dela.itens.find((i) => i.voce)).toMatchObject({ nome: 'Beatriz Nogueira', meta: 150 });
    expect(Object.keys(dela.itens.find((i) => !i.voce)!).sort()).toEqual(['nome', 'posicao', 'voce']);
  });

  it('ranks a micro-franquia vendedores only, puts units without a goal last, and refuses the cliente', async () => {
    const micros = (await micro().get(`/api/metas/ranking?mes=${MES}&etapa=leads`)).json<RankingView>();
    expect(micros.itens.map((i) => i.alvoId).sort()).toEqual([ids.marcos, ids.novoVendedor].sort());
    const semMetas = (await franquia().get(`/api/metas/ranking?mes=${MES}&etapa=presencas`)).json<RankingView>();
    expect(semMetas.itens.every((i) => i.meta === null && i.percentual === null)).toBe(true);
    expect((await as(ctx.app, 'cliente').get(`/api/metas/ranking?mes=${MES}&etapa=leads`)).statusCode).toBe(403);
  });
});

describe('achieved and projection', () => {
  it('projects November 2026 by its 19 working days (02/11 and 20/11 are holidays), from the counted sign-ups', async () => {
    // 10/11/2026, 15:00 in São Paulo: 6 working days have begun (3, 4, 5, 6, 9, 10).
    ctx.clock.advance(Date.parse('2026-11-10T15:00:00-03:00') - ctx.clock.now().getTime());
    const view = await ver(franqueador(), 'leads', '2026-11');
    const [{ n }] = (await executeRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from ${leads} where franqueador_id = ${ids.rede}
        and (created_at at time zone 'America/Sao_Paulo')::date between '2026-11-01' and '2026-11-30'`,
    )) as [{ n: number }];
    expect(view.diasUteis).toEqual({ total: 19, decorridos: 6 });
    expect(view.no.realizado).toBe(n);
    expect(view.no.projecao).toBe(Math.round((n * 19) / 6));
    expect(view.filhos.reduce((a, f) => a + f.realizado, 0)).toBe(n);
  });

  it('shows each dashboard only its own unit goals, stage by stage', async () => {
    const painel = (await franquia().get(`/api/metas/painel?mes=${MES}`)).json<MetasPainelView>();
    expect(painel.etapas).toEqual([expect.objectContaining({ etapa: 'leads', meta: 1200 })]);
    const cliente = await as(ctx.app, 'cliente').get(`/api/metas/painel?mes=${MES}`);
    expect(cliente.statusCode).toBe(200);
    expect(cliente.json<MetasPainelView>().etapas).toEqual([]);
  });

  it('counts a micro-franquia clientes without a vendedor as its children', async () => {
    const contagem = await as(ctx.app, { email: 'micro.contagem@demo.com.br' }).get(
      `/api/metas?mes=${MES}&etapa=leads`,
    );
    expect(contagem.statusCode, contagem.body).toBe(200);
    expect(contagem.json<MetasView>().filhos).toEqual([
      expect.objectContaining({ nivel: 'cliente', alvoId: ids.saberContagem }),
    ]);
  });
});
