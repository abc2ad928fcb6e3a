import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { type Role } from '../../../shared/roles';
import { RELATORIO_MESSAGES, type FunilGrupo, type FunilResposta } from '../../../shared/schemas/relatorios';

/**
 * Issue 48: what the report's groups cost (CPL, per pré-matrícula, per matrícula) and the groups by where the
 * families came from. The origin columns are written straight into the rows, as the public sign-up fills them.
 */

let ctx: TestContext;
let evento: string;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);

async function funil(role: Role, query: string): Promise<{ body: FunilResposta; total: number }> {
  const response = await as(ctx.app, role).get(`/api/relatorios/funil?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as FunilResposta, total: Number(response.headers['x-total-count']) };
}
async function listTotal(role: Role, path: string, query: string): Promise<number> {
  const response = await as(ctx.app, role).get(`${path}?pageSize=1&${query}`);
  expect(response.statusCode, `${role} ${path}?${query}`).toBe(200);
  return Number(response.headers['x-total-count']);
}

/** `n` sign-ups at an event on a day, with origin columns; the first `pre` activated, the first `mat` enrolled. */
async function signUps(
  eventoId: string,
  day: string,
  n: number,
  pre: number,
  mat: number,
  origem: { source?: string; campaign?: string; link?: string; vendedorId?: string } = {},
  tag = 'x',
) {
  const at = `${day}T10:00:00-03:00`;
  await ctx.handle.db
    .execute(sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at,
      utm_source, utm_campaign, link_codigo, link_vendedor_id)
    select ${eventoId}, 'Aluno ' || g, 'Responsável ' || g, ${tag} || g || '@email.com.br', '11987654321', ${at}::timestamptz,
      ${origem.source ?? null}, ${origem.campaign ?? null}, ${origem.link ?? null}, ${origem.vendedorId ?? null}::uuid
    from generate_series(1, ${n}) g`);
  await ctx.handle.db.execute(sql`insert into pre_matriculas (evento_id, lead_id, nome, email, created_at,
      utm_source, utm_campaign, link_codigo, link_vendedor_id)
    select l.evento_id, l.id, l.nome_aluno, l.email, ${at}::timestamptz, l.utm_source, l.utm_campaign, l.link_codigo,
      l.link_vendedor_id
    from leads l where l.email like ${`${tag}%@email.com.br`} and l.evento_id = ${eventoId}
    order by l.email limit ${pre}`);
  await ctx.handle.db.execute(sql`with escolhidas as (
      update pre_matriculas set status = 'efetivada' where id in (select id from pre_matriculas
        where email like ${`${tag}%@email.com.br`} and evento_id = ${eventoId} order by email limit ${mat})
      returning id, evento_id, nome, email)
    insert into matriculas (pre_matricula_id, evento_id, nome, email, efetivada_em)
    select id, evento_id, nome, email, ${at}::timestamptz from escolhidas`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  // A school's event of May 2024, with nothing counted in that month yet.
  const [row] = await rows<{
    id: string;
  }>(sql`insert into eventos (cliente_id, micro_franquia_id, nome_escola, tipo_escola,
      cidade, estado, data_distribuicao, data_evento, horario, local, qtd_alunos)
    select e.cliente_id, e.micro_franquia_id, 'Escola da Conta de Mão', e.tipo_escola, e.cidade, e.estado, '2024-05-02',
      '2024-05-15', e.horario, e.local, e.qtd_alunos
    from eventos e join users u on u.cliente_id = e.cliente_id where u.email = 'cliente@demo.com.br' limit 1
    returning id`);
  evento = row!.id;
});
afterAll(() => ctx.close());

describe('cost per lead, per pré-matrícula and per matrícula', () => {
  it('R$ 1.200 for an event with 300 leads and 12 matrículas: CPL R$ 4,00, per matrícula R$ 100,00', async () => {
    await signUps(evento, '2024-05-10', 300, 24, 12, {}, 'conta');
    const none = await funil('cliente', 'de=2024-05-01&ate=2024-05-31&agrupar=evento');
    // Without a cost the answer is as it always was.
    expect(none.body.totais).not.toHaveProperty('custo');
    expect(none.body.grupos[0]).not.toHaveProperty('custoPorLead');

    for (const [categoria, valorCentavos] of [
      ['cartoes', 50_000],
      ['local', 40_000],
      ['brindes', 30_000],
    ] as const) {
      const response = await as(ctx.app, 'cliente').post(`/api/eventos/${evento}/custos`, { categoria, valorCentavos });
      expect(response.statusCode).toBe(201);
    }
    for (const role of ['cliente', 'vendedor', 'micro_franquia', 'franquia', 'franqueador'] as const) {
      const { body } = await funil(role, 'de=2024-05-01&ate=2024-05-31&agrupar=evento');
      const group = body.grupos.find((g) => g.id === evento)!;
      expect(group, role).toMatchObject({
        leads: 300,
        preMatriculas: 24,
        matriculas: 12,
        custo: 120_000,
        custoPorLead: 400,
        custoPorPreMatricula: 5_000,
        custoPorMatricula: 10_000,
      });
      expect(body.totais).toMatchObject({ custo: 120_000, custoPorLead: 400, custoPorMatricula: 10_000 });
    }
    // Every tree grouping carries its events' costs.
    const byCliente = (await funil('micro_franquia', 'de=2024-05-01&ate=2024-05-31&agrupar=cliente')).body;
    expect(byCliente.grupos.find((g) => g.custo !== null)).toMatchObject({ custo: 120_000, custoPorLead: 400 });
    const byFranquia = (await funil('franqueador', 'de=2024-05-01&ate=2024-05-31&agrupar=franquia')).body;
    expect(byFranquia.grupos.map((g) => g.custo)).toContain(120_000);
    const byCidade = (await funil('franqueador', 'de=2024-05-01&ate=2024-05-31&agrupar=cidade')).body;
    expect(byCidade.grupos.map((g) => g.custo)).toContain(120_000);
  });

  it('counts an event’s costs in the period of the event’s own day', async () => {
    // The sign-ups were on May 10th, the event on the 15th: a period ending on the 14th has the leads, not the cost.
    const before = (await funil('cliente', 'de=2024-05-01&ate=2024-05-14&agrupar=evento')).body;
    expect(before.totais.leads).toBe(300);
    expect(before.totais).not.toHaveProperty('custo');
    const after = (await funil('cliente', 'de=2024-05-15&ate=2024-05-31&agrupar=evento')).body;
    expect(after.totais).toMatchObject({ leads: 0, custo: 120_000, custoPorLead: null, custoPorMatricula: null });
  });

  it('gives the groups of every page the costs the whole answer gives them', async () => {
    for (const agrupar of ['evento', 'vendedor', 'cidade'] as const) {
      const query = `de=2024-04-01&ate=2024-05-31&agrupar=${agrupar}&direcao=asc`;
      const whole = await funil('franqueador', `${query}&pageSize=500`);
      expect(whole.body.grupos.map((g) => g.custo)).toContain(120_000);
      const pages: FunilGrupo[] = [];
      for (let page = 1; (page - 1) * 2 < whole.total; page++) {
        const { body } = await funil('franqueador', `${query}&pageSize=2&page=${page}`);
        expect(body.totais).toEqual(whole.body.totais);
        pages.push(...body.grupos);
      }
      expect(pages, agrupar).toEqual(whole.body.grupos);
    }
  });

  it('answers null where a group has no cost, and the CSV gains the cost columns', async () => {
    const { body } = await funil('franqueador', 'de=2024-04-01&ate=2024-05-31&agrupar=evento&pageSize=500');
    const others = body.grupos.filter((g) => g.id !== evento);
    for (const g of others) expect(g).toMatchObject({ custo: null, custoPorLead: null, custoPorMatricula: null });
    const csv = await as(ctx.app, 'cliente').get(
      '/api/relatorios/funil.csv?de=2024-05-01&ate=2024-05-31&agrupar=evento',
    );
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain(
      '"Custo (R$)";"Custo por lead (R$)";"Custo por pré-matrícula (R$)";"Custo por matrícula (R$)"',
    );
    expect(line!.replace(/\u00a0/g, ' ')).toMatch(/"R\$ 1\.200,00";"R\$ 4,00";"R\$ 50,00";"R\$ 100,00"$/);
    // A period without costs keeps the CSV as it was.
    const plain = await as(ctx.app, 'cliente').get('/api/relatorios/funil.csv?de=2000-01-01&ate=2000-01-31');
    expect(plain.body).not.toContain('Custo');
  });
});

describe('groups by origem, campanha and vendedor_link', () => {
  let vendedorId: string;
  beforeAll(async () => {
    const [v] = await rows<{ id: string }>(
      sql`select v.id::text as id from vendedores v join users u on u.id = v.user_id where u.email = 'vendedor@demo.com.br'`,
    );
    vendedorId = v!.id;
    await signUps(evento, '2024-06-03', 10, 4, 2, { source: 'google', campaign: 'volta-as-aulas' }, 'goog');
    await signUps(evento, '2024-06-04', 6, 2, 1, { source: 'instagram', campaign: 'volta-as-aulas' }, 'inst');
    await signUps(evento, '2024-06-05', 5, 1, 1, { link: 'VEND2345', vendedorId }, 'link');
    await signUps(evento, '2024-06-06', 7, 0, 0, {}, 'sem');
  });

  it('groups by source, with the links with no source and the rows with none, adding up to the totals', async () => {
    const { body, total } = await funil('cliente', 'de=2024-06-01&ate=2024-06-30&agrupar=origem');
    const byId = Object.fromEntries(body.grupos.map((g) => [String(g.id), g]));
    expect(total).toBe(4);
    expect(byId.google).toMatchObject({ rotulo: 'google', leads: 10, preMatriculas: 4, matriculas: 2 });
    expect(byId.instagram).toMatchObject({ leads: 6, preMatriculas: 2, matriculas: 1 });
    expect(byId['@vendedor']).toMatchObject({ rotulo: RELATORIO_MESSAGES.linkDeVendedor, leads: 5, matriculas: 1 });
    expect(byId.null).toMatchObject({ rotulo: RELATORIO_MESSAGES.semOrigem, leads: 7, matriculas: 0 });
    expect(body.totais).toMatchObject({ leads: 28, preMatriculas: 7, matriculas: 4 });
    expect(body.grupos.map((g) => g.leads)).toEqual([10, 7, 6, 5]);
  });

  it('names the groups of every page as the whole answer names them, and sorts them by name', async () => {
    const period = 'de=2024-06-01&ate=2024-06-30&agrupar=origem';
    const all = (await funil('cliente', period)).body.grupos;
    expect(all).toHaveLength(4);
    const pages = [];
    for (let page = 1; page <= all.length; page++) {
      pages.push(...(await funil('cliente', `${period}&pageSize=1&page=${page}`)).body.grupos);
    }
    expect(pages).toEqual(all);
    const byName = await funil('cliente', `${period}&ordenar=rotulo&pageSize=2&page=2`);
    expect(byName.total).toBe(4);
    expect(byName.body.grupos.map((g) => g.rotulo)).toEqual([
      RELATORIO_MESSAGES.linkDeVendedor,
      RELATORIO_MESSAGES.semOrigem,
    ]);
  });

  it('groups by campaign and by the seller’s link; each group drills down to the lists with the same rows', async () => {
    const period = 'de=2024-06-01&ate=2024-06-30';
    const campanhas = (await funil('micro_franquia', `${period}&agrupar=campanha`)).body;
    expect(campanhas.grupos.map((g) => [g.id, g.leads])).toEqual([
      ['volta-as-aulas', 16],
      [null, 12],
    ]);
    expect(campanhas.grupos[1]!.rotulo).toBe(RELATORIO_MESSAGES.semCampanha);
    const links = (await funil('franquia', `${period}&agrupar=vendedor_link`)).body;
    const link = links.grupos.find((g) => g.id === vendedorId)!;
    expect(link).toMatchObject({ leads: 5, preMatriculas: 1, matriculas: 1 });
    expect(link.rotulo).not.toBe(RELATORIO_MESSAGES.semLinkDeVendedor);

    const drill = async (role: Role, filter: string, group: FunilGrupo) => {
      expect(await listTotal(role, '/api/leads', `${period}&${filter}`)).toBe(group.leads);
      expect(await listTotal(role, '/api/pre-matriculas', `${period}&${filter}`)).toBe(group.preMatriculas);
      expect(await listTotal(role, '/api/matriculas', `${period}&${filter}`)).toBe(group.matriculas);
    };
    await drill('micro_franquia', 'campanha=volta-as-aulas', campanhas.grupos[0]!);
    await drill('franquia', `vendedorLinkId=${vendedorId}`, link);
    const origens = (await funil('cliente', `${period}&agrupar=origem`)).body.grupos;
    await drill(
      'cliente',
      'origem=google',
      origens.find((g) => g.id === 'google')!,
    );
    await drill(
      'cliente',
      'origem=%40vendedor',
      origens.find((g) => g.id === '@vendedor')!,
    );
  });

  it('narrows every other grouping and the series to an origin', async () => {
    const period = 'de=2024-06-01&ate=2024-06-30';
    const { body } = await funil('franqueador', `${period}&agrupar=evento&origem=google`);
    expect(body.grupos).toHaveLength(1);
    expect(body.grupos[0]).toMatchObject({ id: evento, leads: 10, preMatriculas: 4, matriculas: 2 });
    // Part of an event's families cannot carry part of its cost: no cost with an origin filter.
    expect(body.totais).not.toHaveProperty('custo');
    const serie = await as(ctx.app, 'franqueador').get(`/api/relatorios/serie?${period}&campanha=volta-as-aulas`);
    const pontos = (serie.json() as { pontos: { inicio: string; leads: number }[] }).pontos.filter((p) => p.leads > 0);
    expect(pontos).toEqual([
      expect.objectContaining({ inicio: '2024-06-03', leads: 10 }),
      expect.objectContaining({ inicio: '2024-06-04', leads: 6 }),
    ]);
    const status = await as(ctx.app, 'franqueador').get(`/api/relatorios/matriculas-status?${period}&origem=instagram`);
    expect(status.json()).toMatchObject({ total: 1 });
  });

  it('gives a campaign the costs of its campaign: the franqueador all of them, a franquia its own', async () => {
    const period = 'de=2024-06-01&ate=2024-06-30';
    const rede = await as(ctx.app, 'franqueador').post('/api/campanhas/custos', {
      utmCampaign: 'volta-as-aulas',
      data: '2024-06-02',
      categoria: 'anuncios',
      valorCentavos: 24_000,
    });
    expect(rede.statusCode).toBe(201);
    const propria = await as(ctx.app, 'franquia').post('/api/campanhas/custos', {
      utmCampaign: 'volta-as-aulas',
      data: '2024-06-20',
      categoria: 'anuncios',
      valorCentavos: 8_000,
    });
    expect(propria.statusCode).toBe(201);
    // Out of the period: not counted.
    await as(ctx.app, 'franquia').post('/api/campanhas/custos', {
      utmCampaign: 'volta-as-aulas',
      data: '2024-07-01',
      categoria: 'anuncios',
      valorCentavos: 100_000,
    });
    const all = (await funil('franqueador', `${period}&agrupar=campanha`)).body;
    expect(all.grupos.find((g) => g.id === 'volta-as-aulas')).toMatchObject({
      leads: 16,
      custo: 32_000,
      custoPorLead: 2_000,
      custoPorPreMatricula: 5_333,
      custoPorMatricula: 10_667,
    });
    expect(all.grupos.find((g) => g.id === null)).toMatchObject({ custo: null, custoPorLead: null });
    expect(all.totais.custo).toBe(32_000);
    const own = (await funil('franquia', `${period}&agrupar=campanha`)).body;
    expect(own.grupos.find((g) => g.id === 'volta-as-aulas')).toMatchObject({ custo: 8_000, custoPorLead: 500 });
    // Below a franquia a campaign's cost cannot be split: no cost.
    expect((await funil('micro_franquia', `${period}&agrupar=campanha`)).body.totais).not.toHaveProperty('custo');
  });

  it('refuses a bad origin filter with a pt-BR message', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/relatorios/funil?vendedorLinkId=abc');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(RELATORIO_MESSAGES.vendedorLinkInvalido);
    const long = await as(ctx.app, 'franqueador').get(`/api/relatorios/funil?origem=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(RELATORIO_MESSAGES.origemInvalida);
  });
});
