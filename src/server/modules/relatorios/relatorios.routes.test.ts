import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { STAFF_ROLES, type Role } from '../../../shared/roles';
import {
  RELATORIO_MESSAGES,
  agrupamentosFor,
  type Agrupamento,
  type FunilGrupo,
  type FunilResposta,
  type SerieResposta,
} from '../../../shared/schemas/relatorios';
import { FIELD_MESSAGES } from '../../../shared/schemas/fields';
import { todayInBrasilia } from '../../../shared/brasilia';

let ctx: TestContext;
let today: string;
let longAgo: string;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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

/** The list filter that selects exactly a group's rows. */
function groupFilter(agrupar: Agrupamento, group: FunilGrupo): string | null {
  if (group.id === null) return null;
  const id = encodeURIComponent(group.id);
  switch (agrupar) {
    case 'estado':
      return `estado=${id}`;
    case 'cidade':
      return `cidade=${id}&estado=${group.estado}`;
    case 'evento':
      return `eventoId=${id}`;
    case 'micro_franquia':
      return `microFranquiaId=${id}`;
    case 'origem':
    case 'campanha':
      return `${agrupar}=${id}`;
    case 'vendedor_link':
      return `vendedorLinkId=${id}`;
    default:
      return `${agrupar}Id=${id}`;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  today = todayInBrasilia(ctx.clock.now());
  longAgo = addDays(today, -3 * 365);
});
afterAll(() => ctx.close());

describe('GET /api/relatorios/funil: who and what', () => {
  it('refuses the aluno and nobody signed in', async () => {
    expect((await as(ctx.app, 'aluno').get('/api/relatorios/funil')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/relatorios/serie')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/relatorios/funil.csv')).statusCode).toBe(403);
    expect((await as(ctx.app, null).get('/api/relatorios/funil')).statusCode).toBe(401);
  });

  it('defaults to the last 30 days ending today and to the level just below the caller', async () => {
    const expected: Record<string, Agrupamento> = {
      franqueador: 'franquia',
      franquia: 'micro_franquia',
      micro_franquia: 'vendedor',
      vendedor: 'cliente',
      cliente: 'evento',
    };
    for (const role of STAFF_ROLES) {
      const { body } = await funil(role, '');
      expect(body).toMatchObject({ de: addDays(today, -29), ate: today, agrupar: expected[role] });
    }
  });

  it('counts each role only its own part of the network, totals over every group', async () => {
    const { body, total } = await funil('franqueador', `de=${longAgo}&ate=${today}&agrupar=cliente&pageSize=1`);
    expect(body.grupos).toHaveLength(1);
    expect(total).toBeGreaterThan(1);
    expect(body.totais.leads).toBe(await listTotal('franqueador', '/api/leads', ''));
    expect(body.totais.preMatriculas).toBe(await listTotal('franqueador', '/api/pre-matriculas', ''));
    expect(body.totais.matriculas).toBe(await listTotal('franqueador', '/api/matriculas', ''));
    const cliente = await funil('cliente', `de=${longAgo}&ate=${today}`);
    expect(cliente.body.totais.leads).toBe(await listTotal('cliente', '/api/leads', ''));
    expect(cliente.body.totais.leads).toBeLessThan(body.totais.leads);
  });

  it('answers rates as fractions with 4 decimals, 0 without a denominator', async () => {
    const { body } = await funil('franqueador', `de=${longAgo}&ate=${today}`);
    const { leads, preMatriculas, matriculas } = body.totais;
    expect(body.totais.taxaLeadPreMatricula).toBe(Math.round((preMatriculas / leads) * 10_000) / 10_000);
    expect(body.totais.taxaLeadMatricula).toBe(Math.round((matriculas / leads) * 10_000) / 10_000);
    const empty = await funil('franqueador', 'de=2000-01-01&ate=2000-01-31');
    expect(empty.body.totais).toEqual({
      leads: 0,
      presencas: 0,
      preMatriculas: 0,
      matriculas: 0,
      taxaLeadPresenca: 0,
      taxaLeadPreMatricula: 0,
      taxaPreMatriculaMatricula: 0,
      taxaLeadMatricula: 0,
    });
    expect(empty.body.grupos).toEqual([]);
    expect(empty.total).toBe(0);
  });

  it('sorts by every column both ways and pages, the totals unchanged', async () => {
    const base = `de=${longAgo}&ate=${today}&agrupar=evento`;
    const all = (await funil('franqueador', `${base}&pageSize=500`)).body;
    for (const ordenar of [
      'leads',
      'presencas',
      'taxaLeadPresenca',
      'preMatriculas',
      'matriculas',
      'taxaLeadPreMatricula',
      'taxaPreMatriculaMatricula',
      'taxaLeadMatricula',
    ] as const) {
      const values = (
        await funil('franqueador', `${base}&ordenar=${ordenar}&direcao=asc&pageSize=500`)
      ).body.grupos.map((g) => g[ordenar]);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
    const labels = (await funil('franqueador', `${base}&ordenar=rotulo&pageSize=500`)).body.grupos.map((g) =>
      g.rotulo.toLowerCase(),
    );
    expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = await funil('franqueador', `${base}&page=2&pageSize=2`);
    expect(page2.body.grupos.map((g) => g.id)).toEqual(all.grupos.slice(2, 4).map((g) => g.id));
    expect(page2.body.totais).toEqual(all.totais);
    const past = await funil('franqueador', `${base}&page=999&pageSize=2`);
    expect(past.body.grupos).toEqual([]);
    expect(past.body.totais).toEqual(all.totais);
    expect(past.total).toBe(all.grupos.length);
  });

  it('labels events as the event filter does and clientes by their name', async () => {
    const eventos = (await funil('cliente', `de=${longAgo}&ate=${today}&agrupar=evento`)).body.grupos;
    expect(eventos.length).toBeGreaterThan(0);
    for (const g of eventos) expect(g.rotulo).toMatch(/^.+ - .+, [A-Z]{2} \(\d{2}\/\d{2}\/\d{4}\)$/);
    const clientes = (await funil('micro_franquia', `de=${longAgo}&ate=${today}&agrupar=cliente`)).body.grupos;
    expect(clientes.map((g) => g.rotulo)).toContain('Colégio Horizonte');
  });
});

describe('GET /api/relatorios/funil: refusals with a pt-BR message', () => {
  const cases: [string, string][] = [
    ['de=2026-05-10&ate=2026-05-01', RELATORIO_MESSAGES.periodoInvertido],
    ['de=2020-01-01&ate=2026-01-01', RELATORIO_MESSAGES.periodoLongo],
    ['de=2026-02-30', FIELD_MESSAGES.dataInvalida],
    ['ate=ontem', FIELD_MESSAGES.dataInvalida],
    ['agrupar=pais', RELATORIO_MESSAGES.agruparInvalido],
    ['ordenar=nome', RELATORIO_MESSAGES.ordenarInvalido],
    ['franquiaId=abc', RELATORIO_MESSAGES.franquiaInvalida],
  ];
  it.each(cases)('%s -> 400', async (query, message) => {
    const response = await as(ctx.app, 'franqueador').get(`/api/relatorios/funil?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('refuses a grouping above the caller', async () => {
    for (const [role, agrupar] of [
      ['franquia', 'franquia'],
      ['micro_franquia', 'franquia'],
      ['vendedor', 'micro_franquia'],
      ['cliente', 'vendedor'],
    ] as const) {
      const response = await as(ctx.app, role).get(`/api/relatorios/funil?agrupar=${agrupar}`);
      if (agrupamentosFor(role).includes(agrupar)) expect(response.statusCode).toBe(200);
      else {
        expect(response.statusCode, `${role} ${agrupar}`).toBe(400);
        expect(response.json()).toMatchObject({ errors: { agrupar: RELATORIO_MESSAGES.agruparAcima } });
      }
    }
  });

  it('answers 404 for a filter naming a node outside the caller', async () => {
    const [outside] = await queryRows<{ franquia: string; micro: string; cliente: string; evento: string }>(
      ctx.handle.db,
      sql`select m.franquia_id as franquia, m.id as micro, c.id as cliente, e.id as evento
        from eventos e join clientes c on c.id = e.cliente_id join micro_franquias m on m.id = c.micro_franquia_id
        where m.franquia_id <> (select franquia_id from users where email = 'franquia@demo.com.br') limit 1`,
    );
    for (const query of [
      `franquiaId=${outside!.franquia}`,
      `microFranquiaId=${outside!.micro}`,
      `clienteId=${outside!.cliente}`,
      `eventoId=${outside!.evento}`,
      'vendedorId=11111111-1111-4111-8111-111111111111',
    ]) {
      for (const url of ['/api/relatorios/funil', '/api/relatorios/serie', '/api/relatorios/funil.csv']) {
        const response = await as(ctx.app, 'franquia').get(`${url}?${query}`);
        expect(response.statusCode, `${url}?${query}`).toBe(404);
        expect(response.json()).toMatchObject({ message: RELATORIO_MESSAGES.naoEncontrado });
      }
    }
    // The franqueador sees the same nodes.
    expect(
      (await as(ctx.app, 'franqueador').get(`/api/relatorios/funil?clienteId=${outside!.cliente}`)).statusCode,
    ).toBe(200);
  });

  it("answers the caller's own figures for a node above it that all its events lie under, as the lists do", async () => {
    const [own] = await queryRows<{ cliente: string; franquia: string; micro: string; vendedor: string }>(
      ctx.handle.db,
      sql`select c.id as cliente, m.franquia_id as franquia, c.micro_franquia_id as micro, c.vendedor_id as vendedor
        from users u join clientes c on c.id = u.cliente_id join micro_franquias m on m.id = c.micro_franquia_id
        where u.email = 'cliente@demo.com.br'`,
    );
    const period = `de=${longAgo}&ate=${today}`;
    const whole = await funil('cliente', period);
    expect(whole.body.totais.leads).toBeGreaterThan(0);
    for (const query of [
      `franquiaId=${own!.franquia}`,
      `microFranquiaId=${own!.micro}`,
      `vendedorId=${own!.vendedor}`,
    ]) {
      const { body } = await funil('cliente', `${period}&${query}`);
      expect(body.totais, query).toEqual(whole.body.totais);
      const serie = await as(ctx.app, 'cliente').get(`/api/relatorios/serie?${period}&${query}`);
      expect(serie.statusCode, query).toBe(200);
      expect(await listTotal('cliente', '/api/leads', query)).toBe(whole.body.totais.leads);
    }
    // Another franquia's node is still outside.
    const [other] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select id from franquias where id <> ${own!.franquia} limit 1`,
    );
    const response = await as(ctx.app, 'cliente').get(`/api/relatorios/funil?franquiaId=${other!.id}`);
    expect(response.statusCode).toBe(404);
    // One of the cliente's events moved under another micro-franquia: its own is no longer every event's, and stays
    // outside the cliente's sight (404), as before.
    const [moved] = await queryRows<{ id: string; micro: string }>(
      ctx.handle.db,
      sql`select e.id, e.micro_franquia_id as micro from eventos e where e.cliente_id = ${own!.cliente} limit 1`,
    );
    const [otherMicro] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select id from micro_franquias where id <> ${own!.micro} limit 1`,
    );
    await ctx.handle.db.execute(sql`update eventos set micro_franquia_id = ${otherMicro!.id} where id = ${moved!.id}`);
    try {
      const after = await as(ctx.app, 'cliente').get(`/api/relatorios/funil?${period}&microFranquiaId=${own!.micro}`);
      expect(after.statusCode).toBe(404);
    } finally {
      await ctx.handle.db.execute(sql`update eventos set micro_franquia_id = ${moved!.micro} where id = ${moved!.id}`);
    }
  });
});

describe('drill-down: a group and the list filtered the same way count the same rows', () => {
  it('agrees for every role, every grouping, every group and every stage', async () => {
    let compared = 0;
    for (const role of STAFF_ROLES) {
      for (const agrupar of agrupamentosFor(role)) {
        const period = `de=${longAgo}&ate=${today}`;
        const { body } = await funil(role, `${period}&agrupar=${agrupar}&pageSize=500`);
        const sum = { leads: 0, preMatriculas: 0, matriculas: 0 };
        for (const group of body.grupos) {
          sum.leads += group.leads;
          sum.preMatriculas += group.preMatriculas;
          sum.matriculas += group.matriculas;
          const filter = groupFilter(agrupar, group);
          if (!filter) continue;
          const query = `${period}&${filter}`;
          expect(await listTotal(role, '/api/leads', query), `${role} ${agrupar} ${group.rotulo} leads`).toBe(
            group.leads,
          );
          expect(await listTotal(role, '/api/pre-matriculas', query)).toBe(group.preMatriculas);
          if (role !== 'vendedor') expect(await listTotal(role, '/api/matriculas', query)).toBe(group.matriculas);
          compared++;
        }
        expect(sum, `${role} ${agrupar}: the groups add up to the totals`).toEqual({
          leads: body.totais.leads,
          preMatriculas: body.totais.preMatriculas,
          matriculas: body.totais.matriculas,
        });
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('counts a sign-up at 23:30 in São Paulo on that day, in the report and in the list', async () => {
    const [evento] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select e.id from eventos e join users u on u.cliente_id = e.cliente_id
        where u.email = 'cliente@demo.com.br' limit 1`,
    );
    await ctx.handle.db
      .execute(sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone, created_at)
      values (${evento!.id}, 'Aluno Noturno', 'Responsável Noturno', 'noturno@email.com.br', '11987654321',
        '2025-03-10T23:30:00-03:00')`);
    const day = await funil('cliente', 'de=2025-03-10&ate=2025-03-10');
    expect(day.body.totais.leads).toBe(1);
    expect((await funil('cliente', 'de=2025-03-11&ate=2025-03-11')).body.totais.leads).toBe(0);
    expect(await listTotal('cliente', '/api/leads', 'de=2025-03-10&ate=2025-03-10')).toBe(1);
    expect(await listTotal('cliente', '/api/leads', 'de=2025-03-11&ate=2025-03-11')).toBe(0);
    const serie = (await as(ctx.app, 'cliente').get('/api/relatorios/serie?de=2025-03-09&ate=2025-03-11')).json();
    expect((serie as SerieResposta).pontos.map((p) => p.leads)).toEqual([0, 1, 0]);
  });
});

describe('GET /api/relatorios/serie', () => {
  it('answers every bucket of the period, zeros included, adding up to the totals', async () => {
    const period = `de=${addDays(today, -120)}&ate=${today}`;
    const { body } = await funil('franqueador', period);
    for (const intervalo of ['dia', 'semana', 'mes'] as const) {
      const response = await as(ctx.app, 'franqueador').get(`/api/relatorios/serie?${period}&intervalo=${intervalo}`);
      expect(response.statusCode).toBe(200);
      const serie = response.json() as SerieResposta;
      expect(serie.intervalo).toBe(intervalo);
      if (intervalo === 'dia') expect(serie.pontos).toHaveLength(121);
      if (intervalo === 'semana') {
        for (const p of serie.pontos) expect(new Date(`${p.inicio}T00:00:00Z`).getUTCDay()).toBe(1);
      }
      if (intervalo === 'mes') for (const p of serie.pontos) expect(p.inicio.endsWith('-01')).toBe(true);
      const starts = serie.pontos.map((p) => p.inicio);
      expect(starts).toEqual([...starts].sort());
      expect(new Set(starts).size).toBe(starts.length);
      expect(serie.pontos.reduce((n, p) => n + p.leads, 0)).toBe(body.totais.leads);
      expect(serie.pontos.reduce((n, p) => n + p.matriculas, 0)).toBe(body.totais.matriculas);
    }
    const invalid = await as(ctx.app, 'franqueador').get('/api/relatorios/serie?intervalo=ano');
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain(RELATORIO_MESSAGES.intervaloInvalido);
  });
});

describe('GET /api/relatorios/funil.csv', () => {
  it('exports every group in the conventions of the other exports', async () => {
    const response = await as(ctx.app, 'franqueador').get(
      `/api/relatorios/funil.csv?de=${longAgo}&ate=${today}&agrupar=cliente`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`relatorio-funil_cliente_${longAgo}_${today}.csv`);
    expect(
      response.body.startsWith('\uFEFF"Grupo";"Leads";"Presenças";"Pré-Matrículas";"Matrículas";"Lead → Presença"'),
    ).toBe(true);
    const lines = response.body.trim().split('\r\n');
    const { total } = await funil('franqueador', `de=${longAgo}&ate=${today}&agrupar=cliente`);
    expect(lines).toHaveLength(total + 1);
    expect(lines[1]).toMatch(/^"[^"]+";"\d+";"\d+";"\d+";"\d+";"[\d,]+%";"[\d,]+%";"[\d,]+%";"[\d,]+%"$/);
  });
});

describe('attendance as a stage (issue 20)', () => {
  it("counts a check-in at once as a presence of the lead's own day, the same rows as the Leads list with presenca=sim", async () => {
    const period = `de=${longAgo}&ate=${today}`;
    const before = await funil('franqueador', `${period}&agrupar=evento&ordenar=presencas&pageSize=500`);
    expect(before.body.totais.presencas).toBe(await listTotal('franqueador', '/api/leads', `${period}&presenca=sim`));
    const absent = await as(ctx.app, 'franqueador').get(`/api/leads?${period}&presenca=nao&listaEspera=nao&pageSize=1`);
    const lead = (absent.json() as { id: string; eventoId: string }[])[0]!;
    const checkIn = await as(ctx.app, 'franqueador').post(`/api/eventos/${lead.eventoId}/presencas`, {
      leadId: lead.id,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);

    const after = await funil('franqueador', `${period}&agrupar=evento&pageSize=500`);
    expect(after.body.totais.presencas).toBe(before.body.totais.presencas + 1);
    expect(after.body.totais.leads).toBe(before.body.totais.leads);
    expect(after.body.totais.taxaLeadPresenca).toBe(
      Math.round((after.body.totais.presencas / after.body.totais.leads) * 10_000) / 10_000,
    );
    const evento = after.body.grupos.find((g) => g.id === lead.eventoId)!;
    expect(evento.presencas).toBe(
      await listTotal('franqueador', '/api/leads', `${period}&eventoId=${lead.eventoId}&presenca=sim`),
    );
    expect(evento.presencas).toBeGreaterThan(0);
    // Every role reads the same presences as its own list, and the rebuild agrees with the triggers.
    for (const role of STAFF_ROLES) {
      const { body } = await funil(role, period);
      expect(body.totais.presencas, role).toBe(await listTotal(role, '/api/leads', `${period}&presenca=sim`));
    }
    await ctx.handle.db.execute(sql`select funnel_periodo_rebuild()`);
    expect((await funil('franqueador', period)).body.totais.presencas).toBe(after.body.totais.presencas);
  });
});
