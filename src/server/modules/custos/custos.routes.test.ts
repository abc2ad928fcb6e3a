import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import {
  CUSTO_MESSAGES,
  type CampanhaCustoView,
  type CampanhaCustosResposta,
  type EventoCustoView,
  type EventoCustosResposta,
} from '../../../shared/schemas/custos';
import { STAFF_ROLES } from '../../../shared/roles';
import { TEXT_MESSAGES } from '../../../shared/schemas/fields';

let ctx: TestContext;
/** An event of the demo cliente (under the demo franquia), and one of another franquia. */
let evento: string;
let outro: string;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);
const auditRows = (acao: string, entidadeId: string) =>
  rows<{ papel: string; alteracoes: Record<string, unknown> | null; franquia_id: string | null }>(
    sql`select papel::text, alteracoes, franquia_id::text from audit_log where acao = ${acao} and entidade_id = ${entidadeId}
      order by em`,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const [own] = await rows<{ id: string }>(
    sql`select e.id from eventos e join users u on u.cliente_id = e.cliente_id where u.email = 'cliente@demo.com.br'
      order by e.data_evento limit 1`,
  );
  const [other] = await rows<{ id: string }>(
    sql`select e.id from eventos e where e.franquia_id <> (select franquia_id from users where email = 'franquia@demo.com.br')
      limit 1`,
  );
  evento = own!.id;
  outro = other!.id;
});
afterAll(() => ctx.close());

describe('an event’s costs: /api/eventos/{id}/custos', () => {
  it('the roles that edit the event enter a cost; whoever reads the event lists it, with the sum; audited', async () => {
    const created = await as(ctx.app, 'cliente').post(`/api/eventos/${evento}/custos`, {
      categoria: 'cartoes',
      descricao: '  Cartões impressos (500 un.)  ',
      valorCentavos: 45_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const custo = created.json<EventoCustoView>();
    expect(custo).toMatchObject({
      eventoId: evento,
      categoria: 'cartoes',
      descricao: 'Cartões impressos (500 un.)',
      valorCentavos: 45_000,
      criadoPor: expect.any(String),
    });
    const second = await as(ctx.app, 'micro_franquia').post(`/api/eventos/${evento}/custos`, {
      categoria: 'local',
      valorCentavos: 30_050,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json<EventoCustoView>().descricao).toBeNull();

    for (const role of STAFF_ROLES) {
      const list = await as(ctx.app, role).get(`/api/eventos/${evento}/custos`);
      expect(list.statusCode, role).toBe(200);
      const body = list.json<EventoCustosResposta>();
      expect(body.custos.map((c) => c.id)).toEqual(
        expect.arrayContaining([custo.id, second.json<EventoCustoView>().id]),
      );
      expect(body.totalCentavos).toBe(body.custos.reduce((n, c) => n + c.valorCentavos, 0));
    }
    const [trail] = await auditRows('evento.custo_adicionar', evento);
    expect(trail).toMatchObject({ papel: 'cliente', franquia_id: expect.any(String) });
    expect(JSON.stringify(trail!.alteracoes)).toContain('45000');
  });

  it('refuses the roles that do not edit events (403) and nobody signed in (401)', async () => {
    const body = { categoria: 'brindes', valorCentavos: 1000 };
    expect((await as(ctx.app, 'franqueador').post(`/api/eventos/${evento}/custos`, body)).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').post(`/api/eventos/${evento}/custos`, body)).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get(`/api/eventos/${evento}/custos`)).statusCode).toBe(403);
    expect((await as(ctx.app, null).get(`/api/eventos/${evento}/custos`)).statusCode).toBe(401);
  });

  it('answers 404 for an event outside the caller’s scope, and for a cost of another event', async () => {
    const body = { categoria: 'brindes', valorCentavos: 1000 };
    for (const id of [outro, randomUUID()]) {
      const read = await as(ctx.app, 'franquia').get(`/api/eventos/${id}/custos`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ message: CUSTO_MESSAGES.eventoNaoEncontrado });
      expect((await as(ctx.app, 'franquia').post(`/api/eventos/${id}/custos`, body)).statusCode).toBe(404);
    }
    // A cost entered on the other franquia's event by the franqueador's SQL: not reachable through ours.
    const [alheio] = await rows<{ id: string }>(
      sql`insert into evento_custos (evento_id, categoria, valor_centavos) values (${outro}, 'outros', 999) returning id`,
    );
    expect((await as(ctx.app, 'franquia').delete(`/api/eventos/${outro}/custos/${alheio!.id}`)).statusCode).toBe(404);
    expect((await as(ctx.app, 'cliente').delete(`/api/eventos/${evento}/custos/${alheio!.id}`)).statusCode).toBe(404);
    const [still] = await rows<{ n: number }>(
      sql`select count(*)::int as n from evento_custos where id = ${alheio!.id}`,
    );
    expect(Number(still!.n)).toBe(1);
  });

  it('refuses bad input with a pt-BR message (400), never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ categoria: 'cartoes', valorCentavos: 0 }, CUSTO_MESSAGES.valor],
      [{ categoria: 'cartoes', valorCentavos: -100 }, CUSTO_MESSAGES.valor],
      [{ categoria: 'cartoes', valorCentavos: 10.5 }, CUSTO_MESSAGES.valor],
      [{ categoria: 'cartoes', valorCentavos: '1200' }, CUSTO_MESSAGES.valor],
      [{ categoria: 'cartoes', valorCentavos: 1_000_000_001 }, CUSTO_MESSAGES.valor],
      [{ categoria: 'cartoes' }, CUSTO_MESSAGES.valor],
      [{ categoria: 'festa', valorCentavos: 100 }, CUSTO_MESSAGES.categoria],
      [{ valorCentavos: 100 }, CUSTO_MESSAGES.categoria],
      [{ categoria: 'outros', valorCentavos: 100, descricao: 'x'.repeat(501) }, CUSTO_MESSAGES.descricao],
      [{ categoria: 'outros', valorCentavos: 100, descricao: 'a\u0000b' }, TEXT_MESSAGES.invalidCharacters],
    ];
    for (const [body, message] of cases) {
      const response = await as(ctx.app, 'cliente').post(`/api/eventos/${evento}/custos`, body as object);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await as(ctx.app, 'cliente').get('/api/eventos/abc/custos')).statusCode).toBe(400);
  });

  it('takes the event from the address and the author from the session, never from the body', async () => {
    const response = await as(ctx.app, 'cliente').post(`/api/eventos/${evento}/custos`, {
      categoria: 'anuncios',
      valorCentavos: 2500,
      eventoId: outro,
      criadoPorId: randomUUID(),
      id: randomUUID(),
      createdAt: '2001-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(201);
    const custo = response.json<EventoCustoView>();
    expect(custo.eventoId).toBe(evento);
    const [row] = await rows<{ evento_id: string; criado_por: string; ano: number }>(
      sql`select c.evento_id::text, u.email as criado_por, extract(year from c.created_at)::int as ano
        from evento_custos c join users u on u.id = c.criado_por_id where c.id = ${custo.id}`,
    );
    expect(row).toMatchObject({ evento_id: evento, criado_por: 'cliente@demo.com.br' });
    expect(Number(row!.ano)).toBeGreaterThan(2001);
  });

  it('removes a cost typed wrong (204), audited with what it was', async () => {
    const created = (
      await as(ctx.app, 'vendedor').post(`/api/eventos/${evento}/custos`, {
        categoria: 'outros',
        valorCentavos: 77_700,
      })
    ).json<EventoCustoView>();
    const removed = await as(ctx.app, 'vendedor').delete(`/api/eventos/${evento}/custos/${created.id}`);
    expect(removed.statusCode).toBe(204);
    const list = (await as(ctx.app, 'cliente').get(`/api/eventos/${evento}/custos`)).json<EventoCustosResposta>();
    expect(list.custos.map((c) => c.id)).not.toContain(created.id);
    const trail = await auditRows('evento.custo_remover', evento);
    expect(JSON.stringify(trail.at(-1)!.alteracoes)).toContain('77700');
    expect((await as(ctx.app, 'vendedor').delete(`/api/eventos/${evento}/custos/${created.id}`)).statusCode).toBe(404);
  });
});

describe('campaign costs: /api/campanhas/custos', () => {
  const body = (extra: object = {}) => ({
    utmCampaign: 'teste-de-custos',
    data: '2026-02-10',
    categoria: 'anuncios',
    valorCentavos: 150_000,
    ...extra,
  });

  it('the franqueador enters the network’s and reads every one; a franquia enters and reads only its own', async () => {
    const rede = await as(ctx.app, 'franqueador').post('/api/campanhas/custos', body({ franquiaId: randomUUID() }));
    expect(rede.statusCode, rede.body).toBe(201);
    expect(rede.json<CampanhaCustoView>()).toMatchObject({ franquiaId: null, alcance: 'Rede', valorCentavos: 150_000 });
    const [franquiaId] = await rows<{ id: string }>(
      sql`select franquia_id::text as id from users where email = 'franquia@demo.com.br'`,
    );
    const propria = await as(ctx.app, 'franquia').post(
      '/api/campanhas/custos',
      body({ valorCentavos: 40_000, franquiaId: null, utmCampaign: '  teste-de-custos ' }),
    );
    expect(propria.statusCode).toBe(201);
    expect(propria.json<CampanhaCustoView>()).toMatchObject({
      franquiaId: franquiaId!.id,
      utmCampaign: 'teste-de-custos',
    });

    const all = await as(ctx.app, 'franqueador').get('/api/campanhas/custos?utmCampaign=teste-de-custos');
    expect(all.statusCode).toBe(200);
    const ids = all.json<CampanhaCustosResposta>().custos.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([rede.json<CampanhaCustoView>().id, propria.json<CampanhaCustoView>().id]),
    );
    expect(all.json<CampanhaCustosResposta>().totalCentavos).toBe(190_000);
    expect(all.headers['x-total-count']).toBe('2');

    const own = (
      await as(ctx.app, 'franquia').get('/api/campanhas/custos?utmCampaign=teste-de-custos')
    ).json<CampanhaCustosResposta>();
    expect(own.custos.map((c) => c.id)).toEqual([propria.json<CampanhaCustoView>().id]);
    expect(own.totalCentavos).toBe(40_000);

    const period = await as(ctx.app, 'franqueador').get('/api/campanhas/custos?de=2000-03-01&ate=2000-03-31');
    expect(period.json<CampanhaCustosResposta>().custos).toEqual([]);

    expect((await auditRows('campanha_custo.criar', rede.json<CampanhaCustoView>().id)).length).toBe(1);
    const [trail] = await auditRows('campanha_custo.criar', propria.json<CampanhaCustoView>().id);
    expect(trail).toMatchObject({ papel: 'franquia', franquia_id: franquiaId!.id });
  });

  it('refuses every other role (403)', async () => {
    for (const role of ['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).get('/api/campanhas/custos')).statusCode, role).toBe(403);
      expect((await as(ctx.app, role).post('/api/campanhas/custos', body())).statusCode, role).toBe(403);
      expect((await as(ctx.app, role).delete(`/api/campanhas/custos/${randomUUID()}`)).statusCode, role).toBe(403);
    }
  });

  it('refuses bad input with a pt-BR message (400)', async () => {
    const cases: [object, string][] = [
      [body({ utmCampaign: '' }), CUSTO_MESSAGES.campanha],
      [body({ utmCampaign: '   ' }), CUSTO_MESSAGES.campanha],
      [body({ utmCampaign: 'x'.repeat(101) }), CUSTO_MESSAGES.campanha],
      [body({ data: '2026-02-30' }), 'Data inválida'],
      [body({ data: undefined }), CUSTO_MESSAGES.data],
      [body({ valorCentavos: 0 }), CUSTO_MESSAGES.valor],
      [body({ categoria: 'tv' }), CUSTO_MESSAGES.categoria],
    ];
    for (const payload of cases) {
      const response = await as(ctx.app, 'franqueador').post('/api/campanhas/custos', payload[0]);
      expect(response.statusCode, JSON.stringify(payload[0])).toBe(400);
      expect(JSON.stringify(response.json())).toContain(payload[1]);
    }
    const query = await as(ctx.app, 'franqueador').get('/api/campanhas/custos?de=2026-05-10&ate=2026-05-01');
    expect(query.statusCode).toBe(400);
  });

  it('removes a cost: the franquia only its own (the network’s answers 404); audited before the row goes', async () => {
    const rede = (
      await as(ctx.app, 'franqueador').post('/api/campanhas/custos', body({ valorCentavos: 999 }))
    ).json<CampanhaCustoView>();
    expect((await as(ctx.app, 'franquia').delete(`/api/campanhas/custos/${rede.id}`)).statusCode).toBe(404);
    const removed = await as(ctx.app, 'franqueador').delete(`/api/campanhas/custos/${rede.id}`);
    expect(removed.statusCode).toBe(204);
    const [trail] = await auditRows('campanha_custo.remover', rede.id);
    expect(trail).toMatchObject({ papel: 'franqueador' });
    expect(JSON.stringify(trail!.alteracoes)).toContain('999');
    expect((await as(ctx.app, 'franqueador').delete(`/api/campanhas/custos/${rede.id}`)).statusCode).toBe(404);
  });
});
