import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { vendedorPayload } from '../../../../tests/support/network-payloads';
import { addDays, brasiliaAt, weekdayOf } from '../../../shared/brasilia';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/list-query';
import type { VisitasRelatorio } from '../../../shared/schemas/relatorios';
import { VISITA_MESSAGES as M, type Agenda, type VisitaView } from '../../../shared/schemas/visita';

/**
 * Visitas (issue 49, ADR 105) through the API: a vendedor schedules visits at its own schools only and for itself
 * only; the levels above pick a vendedor of the school's micro-franquia; an outcome is logged once, in the schema's
 * rules, and the notes stay editable; the list filters by days of São Paulo; the agenda of a day holds its visits,
 * the rest of its week (Monday to Sunday, São Paulo), the follow-up due and the next events; Relatórios count the
 * visits per vendedor. Every write leaves its audit row.
 */

let ctx: TestContext;
const ids = {} as Record<
  'marcos' | 'campinas' | 'horizonte' | 'valinhos' | 'saberContagem' | 'eventoValinhos' | 'eventoHorizonte',
  string
>;
/** A second vendedor of Campinas, and one of Santos (the same franquia, another micro-franquia). */
const colega = vendedorPayload({ nome: 'Beatriz Nogueira' });
let colegaId: string;
let santistaId: string;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);
const auditRows = (acao: string, entidadeId: string) =>
  rows<{ papel: string; entidade: string; alteracoes: Record<string, [unknown, unknown]>; micro: string | null }>(
    sql`select papel::text, entidade, alteracoes, micro_franquia_id::text as micro from audit_log
      where acao = ${acao} and entidade_id = ${entidadeId} order by em`,
  );
const contarVisitas = async () =>
  Number((await rows<{ n: number }>(sql`select count(*)::int as n from visitas`))[0]!.n);

/** A visit as `caller` schedules it; its view. */
async function agendar(caller: Parameters<typeof as>[1], body: Record<string, unknown>): Promise<VisitaView> {
  const response = await as(ctx.app, caller).post('/api/visitas', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VisitaView>();
}

/** The instant a time of a day has on São Paulo's clocks ('09:30'). */
const emSP = (dia: string, hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return new Date(brasiliaAt(dia, h).getTime() + m * 60_000).toISOString();
};

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await rows<Record<keyof typeof ids, string>>(sql`
    select v.id as marcos, v.micro_franquia_id as campinas,
      (select id from clientes where nome_fantasia = 'Colégio Horizonte') as horizonte,
      (select id from clientes where nome_fantasia = 'Escola Estadual Valinhos') as valinhos,
      (select id from clientes where nome_fantasia = 'Instituto Saber Contagem') as "saberContagem",
      (select id from eventos where nome_escola = 'Escola Estadual Valinhos' limit 1) as "eventoValinhos",
      (select id from eventos where nome_escola = 'Colégio Horizonte' limit 1) as "eventoHorizonte"
    from vendedores v join users u on u.id = v.user_id where u.email = 'vendedor@demo.com.br'`);
  Object.assign(ids, row);
  const criado = await as(ctx.app, 'micro_franquia').post('/api/vendedores', colega);
  expect(criado.statusCode, criado.body).toBe(201);
  colegaId = criado.json<{ id: string }>().id;
  const santista = await as(ctx.app, { email: 'micro.santos@demo.com.br' }).post('/api/vendedores', vendedorPayload());
  expect(santista.statusCode, santista.body).toBe(201);
  santistaId = santista.json<{ id: string }>().id;
});
afterAll(() => ctx.close());

describe('POST /api/visitas: scheduling a visit', () => {
  it('lets a vendedor schedule a visit at its school, for itself; audited as visita.criar', async () => {
    const quando = emSP('2031-05-06', '09:30');
    const visita = await agendar('vendedor', {
      clienteId: ids.horizonte,
      agendadaPara: quando,
      objetivo: '  Apresentar o crédito educacional  ',
      notas: 'Levar folhetos',
    });
    expect(visita).toMatchObject({
      clienteId: ids.horizonte,
      clienteNome: 'Colégio Horizonte',
      clienteCidade: 'Campinas',
      vendedorId: ids.marcos,
      vendedorNome: 'Marcos Vinícius Costa',
      agendadaPara: quando,
      objetivo: 'Apresentar o crédito educacional',
      notas: 'Levar folhetos',
      status: 'agendada',
      resultado: null,
      motivo: null,
      registradaEm: null,
      eventoId: null,
    });
    const [trail] = await auditRows('visita.criar', visita.id);
    expect(trail).toMatchObject({ papel: 'vendedor', entidade: 'visita', micro: ids.campinas });
    expect(trail!.alteracoes.objetivo).toEqual([null, 'Apresentar o crédito educacional']);
  });

  it('answers 404 with its message for a school of another micro-franquia, as for one that exists nowhere', async () => {
    const antes = await contarVisitas();
    for (const role of ['vendedor', 'micro_franquia', 'franquia'] as const) {
      for (const clienteId of [ids.saberContagem, randomUUID()]) {
        const response = await as(ctx.app, role).post('/api/visitas', {
          clienteId,
          agendadaPara: emSP('2031-05-06', '10:00'),
        });
        expect(response.statusCode, `${role} ${clienteId}`).toBe(404);
        expect(response.json()).toEqual({ message: M.clienteNaoEncontrado });
      }
    }
    // The franqueador reaches the whole network's schools.
    await agendar('franqueador', { clienteId: ids.saberContagem, agendadaPara: emSP('2031-05-06', '10:00') });
    expect(await contarVisitas()).toBe(antes + 1);
  });

  it('never lets a vendedor schedule for another vendedor, even one of its micro-franquia', async () => {
    const antes = await contarVisitas();
    for (const vendedorId of [colegaId, santistaId, randomUUID()]) {
      const response = await as(ctx.app, 'vendedor').post('/api/visitas', {
        clienteId: ids.horizonte,
        vendedorId,
        agendadaPara: emSP('2031-05-06', '11:00'),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: M.vendedorNaoEncontrado });
    }
    expect(await contarVisitas()).toBe(antes);
    // Naming itself is the same as naming no one.
    const propria = await agendar('vendedor', {
      clienteId: ids.valinhos,
      vendedorId: ids.marcos,
      agendadaPara: emSP('2031-05-06', '11:00'),
    });
    expect(propria.vendedorId).toBe(ids.marcos);
  });

  it('lets the levels above pick a vendedor of the school’s micro-franquia, the school’s own by default', async () => {
    const padrao = await agendar('micro_franquia', {
      clienteId: ids.horizonte,
      agendadaPara: emSP('2031-05-07', '08:00'),
    });
    expect(padrao.vendedorId).toBe(ids.marcos);
    const daColega = await agendar('franquia', {
      clienteId: ids.horizonte,
      vendedorId: colegaId,
      agendadaPara: emSP('2031-05-07', '09:00'),
    });
    expect(daColega).toMatchObject({ vendedorId: colegaId, vendedorNome: 'Beatriz Nogueira' });

    const santista = await as(ctx.app, 'franquia').post('/api/visitas', {
      clienteId: ids.horizonte,
      vendedorId: santistaId,
      agendadaPara: emSP('2031-05-07', '10:00'),
    });
    expect(santista.statusCode).toBe(400);
    expect(santista.json()).toEqual({
      message: M.vendedorDeOutraEscola,
      errors: { vendedorId: M.vendedorDeOutraEscola },
    });
    // The Campinas micro-franquia sees no vendedor of Santos: as one that exists nowhere.
    const alheio = await as(ctx.app, 'micro_franquia').post('/api/visitas', {
      clienteId: ids.horizonte,
      vendedorId: santistaId,
      agendadaPara: emSP('2031-05-07', '10:00'),
    });
    expect(alheio.statusCode).toBe(404);

    // The colleague sent to Horizonte sees that visit (not its school's others), and may log it.
    const colegaLista = await as(ctx.app, { email: colega.email, password: colega.password }).get(
      '/api/visitas?pageSize=500',
    );
    expect(colegaLista.json<VisitaView[]>().map((v) => v.id)).toEqual([daColega.id]);
    const logada = await as(ctx.app, { email: colega.email, password: colega.password }).patch(
      `/api/visitas/${daColega.id}`,
      { status: 'nao_realizada', motivo: 'Diretora ausente' },
    );
    expect(logada.statusCode, logada.body).toBe(200);
  });

  it('refuses bad input with a pt-BR message (400), and the roles without visits (403)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ agendadaPara: emSP('2031-05-06', '09:00') }, M.cliente],
      [{ clienteId: 'abc', agendadaPara: emSP('2031-05-06', '09:00') }, M.cliente],
      [{ clienteId: ids.horizonte }, M.quando],
      [{ clienteId: ids.horizonte, agendadaPara: '2031-05-06 09:00' }, M.quando],
      [{ clienteId: ids.horizonte, agendadaPara: '2031-02-30T09:00:00-03:00' }, M.quando],
      [{ clienteId: ids.horizonte, agendadaPara: '1999-12-31T09:00:00-03:00' }, M.quandoForaDoPrazo],
      [{ clienteId: ids.horizonte, agendadaPara: '9999-12-31T09:00:00Z' }, M.quandoForaDoPrazo],
      [
        { clienteId: ids.horizonte, agendadaPara: emSP('2031-05-06', '09:00'), objetivo: 'x'.repeat(501) },
        'Texto longo demais',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await as(ctx.app, 'vendedor').post('/api/visitas', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    const body = { clienteId: ids.horizonte, agendadaPara: emSP('2031-05-06', '09:00') };
    for (const role of ['cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).post('/api/visitas', body)).statusCode).toBe(403);
      expect((await as(ctx.app, role).get('/api/visitas')).statusCode).toBe(403);
      expect((await as(ctx.app, role).get('/api/user/agenda')).statusCode).toBe(403);
      expect((await as(ctx.app, role).get('/api/relatorios/visitas')).statusCode).toBe(403);
    }
    expect((await as(ctx.app, null).get('/api/visitas')).statusCode).toBe(401);
  });
});

describe('PATCH /api/visitas/{id}: the outcome, logged once', () => {
  const nova = () =>
    agendar('vendedor', {
      clienteId: ids.valinhos,
      agendadaPara: emSP('2031-06-02', '14:00'),
      objetivo: 'Propor um evento',
      notas: 'Perguntar pelo auditório',
    });

  it('refuses an outcome against the schema’s rules, each with its message', async () => {
    const visita = await nova();
    const cases: [Record<string, unknown>, Record<string, string> | undefined, string][] = [
      [{}, undefined, M.nadaAlterar],
      [{ status: 'realizada' }, { resultado: M.resultado }, ''],
      [{ status: 'nao_realizada', resultado: 'interessada' }, { resultado: M.resultadoSoRealizada }, ''],
      [{ resultado: 'interessada' }, { resultado: M.resultadoSoRealizada }, ''],
      [{ status: 'realizada', resultado: 'sem_interesse' }, { motivo: M.motivoObrigatorio }, ''],
      [{ status: 'concluida' }, { status: M.status }, ''],
      [{ status: 'realizada', resultado: 'talvez' }, { resultado: M.resultado }, ''],
      [{ eventoId: ids.eventoValinhos }, { eventoId: M.eventoSoAgendou }, M.eventoSoAgendou],
    ];
    for (const [body, errors, message] of cases) {
      const response = await as(ctx.app, 'vendedor').patch(`/api/visitas/${visita.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json<{ message: string; errors?: Record<string, string> }>();
      if (errors) expect(answer.errors, JSON.stringify(body)).toMatchObject(errors);
      if (message) expect(answer.message).toBe(message);
    }
    const [row] = await rows<{ status: string; registrada_em: Date | null }>(
      sql`select status::text, registrada_em from visitas where id = ${visita.id}`,
    );
    expect(row).toEqual({ status: 'agendada', registrada_em: null });
  });

  it('logs ‘Visita realizada’ with ‘Agendou evento’ once, links the event, and keeps the notes editable', async () => {
    const visita = await nova();
    const url = `/api/visitas/${visita.id}`;
    const antes = Date.now();
    const feita = await as(ctx.app, 'vendedor').patch(url, { status: 'realizada', resultado: 'agendou_evento' });
    expect(feita.statusCode, feita.body).toBe(200);
    const registrada = feita.json<VisitaView>();
    // Left out, the goal and the notes stay as they were.
    expect(registrada).toMatchObject({
      status: 'realizada',
      resultado: 'agendou_evento',
      motivo: null,
      objetivo: 'Propor um evento',
      notas: 'Perguntar pelo auditório',
      eventoId: null,
    });
    expect(Date.parse(registrada.registradaEm!)).toBeGreaterThanOrEqual(antes - 1000);
    const [trail] = await auditRows('visita.registrar', visita.id);
    expect(trail).toMatchObject({ papel: 'vendedor', micro: ids.campinas });
    expect(trail!.alteracoes.status).toEqual(['agendada', 'realizada']);

    // The outcome is not changed twice, whatever the new one; nor the time, the goal or the reason.
    for (const body of [
      { status: 'realizada', resultado: 'interessada' },
      { status: 'nao_realizada' },
      { status: 'realizada', resultado: 'agendou_evento' },
      { agendadaPara: emSP('2031-06-03', '14:00') },
      { objetivo: 'Outro' },
      { motivo: 'Outro' },
    ]) {
      const again = await as(ctx.app, 'vendedor').patch(url, body);
      expect(again.statusCode, JSON.stringify(body)).toBe(409);
      expect(again.json()).toEqual({ message: M.jaRegistrada });
    }

    // Another school's event is refused; the visited school's is linked (the event's dialog PATCHes it).
    const alheio = await as(ctx.app, 'vendedor').patch(url, { eventoId: ids.eventoHorizonte });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json()).toEqual({ message: M.eventoDoCliente, errors: { eventoId: M.eventoDoCliente } });
    const inexistente = await as(ctx.app, 'vendedor').patch(url, { eventoId: randomUUID() });
    expect(inexistente.statusCode).toBe(400);
    const ligado = await as(ctx.app, 'vendedor').patch(url, { eventoId: ids.eventoValinhos });
    expect(ligado.statusCode, ligado.body).toBe(200);
    expect(ligado.json<VisitaView>()).toMatchObject({
      eventoId: ids.eventoValinhos,
      notas: 'Perguntar pelo auditório',
    });

    // The notes: changed, then cleared, the outcome untouched.
    const notas = await as(ctx.app, 'vendedor').patch(url, { notas: 'Evento marcado com a diretora' });
    expect(notas.json<VisitaView>()).toMatchObject({ notas: 'Evento marcado com a diretora', status: 'realizada' });
    const limpas = await as(ctx.app, 'vendedor').patch(url, { notas: '' });
    expect(limpas.json<VisitaView>()).toMatchObject({ notas: null, resultado: 'agendou_evento' });
    const edicoes = await auditRows('visita.editar', visita.id);
    expect(edicoes.map((e) => Object.keys(e.alteracoes))).toEqual([['eventoId'], ['notas'], ['notas']]);
  });

  it('keeps the reason of ‘Sem interesse’ and of ‘Não realizada’, and none of ‘Interessada’', async () => {
    const sem = await nova();
    const semInteresse = await as(ctx.app, 'micro_franquia').patch(`/api/visitas/${sem.id}`, {
      status: 'realizada',
      resultado: 'sem_interesse',
      motivo: 'Prefere o próximo semestre',
    });
    expect(semInteresse.json<VisitaView>()).toMatchObject({
      resultado: 'sem_interesse',
      motivo: 'Prefere o próximo semestre',
    });
    const nao = await nova();
    const naoRealizada = await as(ctx.app, 'vendedor').patch(`/api/visitas/${nao.id}`, {
      status: 'nao_realizada',
      motivo: 'Escola fechada',
    });
    expect(naoRealizada.json<VisitaView>()).toMatchObject({
      status: 'nao_realizada',
      resultado: null,
      motivo: 'Escola fechada',
    });
    const interessada = await nova();
    const ok = await as(ctx.app, 'vendedor').patch(`/api/visitas/${interessada.id}`, {
      status: 'realizada',
      resultado: 'interessada',
      motivo: 'Não se aplica',
    });
    expect(ok.json<VisitaView>()).toMatchObject({ resultado: 'interessada', motivo: null });
  });

  it('answers 404 for a visit out of the caller’s scope, as for one that exists nowhere, and changes nothing', async () => {
    const alheia = await agendar('franqueador', {
      clienteId: ids.saberContagem,
      agendadaPara: emSP('2031-06-02', '09:00'),
    });
    for (const role of ['vendedor', 'micro_franquia', 'franquia'] as const) {
      for (const id of [alheia.id, randomUUID()]) {
        const response = await as(ctx.app, role).patch(`/api/visitas/${id}`, { notas: 'Intrusa' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: M.naoEncontrada });
      }
    }
    const [row] = await rows<{ notas: string | null }>(sql`select notas from visitas where id = ${alheia.id}`);
    expect(row!.notas).toBeNull();
    expect((await as(ctx.app, 'vendedor').patch('/api/visitas/abc', { notas: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/visitas: the list', () => {
  /** A week of its own, far from the demo's visits and the other cases'. */
  const DIA = '2032-08-10';
  const visitas = {} as Record<'vesperaTarde' | 'cedo' | 'tarde' | 'colega' | 'outraRede', VisitaView>;

  beforeAll(async () => {
    // 23:30 of the 9th in São Paulo is the 10th in UTC: it belongs to the 9th.
    visitas.vesperaTarde = await agendar('vendedor', {
      clienteId: ids.valinhos,
      agendadaPara: emSP(addDays(DIA, -1), '23:30'),
    });
    visitas.cedo = await agendar('vendedor', { clienteId: ids.horizonte, agendadaPara: emSP(DIA, '00:15') });
    visitas.tarde = await agendar('vendedor', { clienteId: ids.valinhos, agendadaPara: emSP(DIA, '23:45') });
    visitas.colega = await agendar('micro_franquia', {
      clienteId: ids.horizonte,
      vendedorId: colegaId,
      agendadaPara: emSP(DIA, '12:00'),
    });
    visitas.outraRede = await agendar('franqueador', {
      clienteId: ids.saberContagem,
      agendadaPara: emSP(DIA, '10:00'),
    });
    await as(ctx.app, 'vendedor').patch(`/api/visitas/${visitas.tarde.id}`, {
      status: 'realizada',
      resultado: 'interessada',
    });
  });

  const lista = async (caller: Parameters<typeof as>[1], query: string) => {
    const response = await as(ctx.app, caller).get(`/api/visitas?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: response.json<VisitaView[]>().map((v) => v.id),
      total: Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    };
  };

  it('takes a day of São Paulo, the latest first, with X-Total-Count', async () => {
    const dia = await lista('micro_franquia', `de=${DIA}&ate=${DIA}`);
    expect(dia.ids).toEqual([visitas.tarde.id, visitas.colega.id, visitas.cedo.id]);
    expect(dia.total).toBe(3);
    const pagina = await lista('micro_franquia', `de=${DIA}&ate=${DIA}&pageSize=1&page=2`);
    expect(pagina).toEqual({ ids: [visitas.colega.id], total: 3 });
    const vespera = await lista('micro_franquia', `de=${addDays(DIA, -1)}&ate=${addDays(DIA, -1)}`);
    expect(vespera.ids).toEqual([visitas.vesperaTarde.id]);
    // The franqueador, the whole network's; the vendedor, its own and its schools'.
    expect((await lista('franqueador', `de=${DIA}&ate=${DIA}`)).total).toBe(4);
    expect((await lista('vendedor', `de=${DIA}&ate=${DIA}`)).ids).toEqual([
      visitas.tarde.id,
      visitas.colega.id,
      visitas.cedo.id,
    ]);
    expect((await lista('franquia', `de=${DIA}&ate=${DIA}`)).total).toBe(3);
  });

  it('filters by vendedor, cliente, status and the school’s name (accents aside)', async () => {
    const semana = `de=${addDays(DIA, -1)}&ate=${DIA}`;
    expect((await lista('micro_franquia', `${semana}&vendedorId=${colegaId}`)).ids).toEqual([visitas.colega.id]);
    expect((await lista('micro_franquia', `${semana}&clienteId=${ids.valinhos}`)).ids).toEqual([
      visitas.tarde.id,
      visitas.vesperaTarde.id,
    ]);
    expect((await lista('micro_franquia', `${semana}&status=realizada`)).ids).toEqual([visitas.tarde.id]);
    expect((await lista('micro_franquia', `${semana}&status=agendada&q=colegio horizonte`)).ids).toEqual([
      visitas.colega.id,
      visitas.cedo.id,
    ]);
    // Another network's school, named: nothing (it is not the caller's).
    expect(await lista('micro_franquia', `${semana}&clienteId=${ids.saberContagem}`)).toEqual({ ids: [], total: 0 });
  });

  it('refuses a reversed period and bad filters with a pt-BR message', async () => {
    const cases: [string, string][] = [
      [`de=${DIA}&ate=${addDays(DIA, -1)}`, M.periodoInvertido],
      ['de=10/08/2032', 'Data inválida'],
      ['status=feita', M.status],
      ['vendedorId=abc', M.vendedorNaoEncontrado],
      ['pageSize=501', 'Tamanho da página'],
    ];
    for (const [query, message] of cases) {
      const response = await as(ctx.app, 'micro_franquia').get(`/api/visitas?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });
});

describe('GET /api/user/agenda: the day, its week, the follow-up due and the next events', () => {
  /** A Wednesday of its own. */
  const QUARTA = (() => {
    let dia = '2033-03-01';
    while (weekdayOf(dia) !== 3) dia = addDays(dia, 1);
    return dia;
  })();
  const SEGUNDA = addDays(QUARTA, -2);
  const DOMINGO = addDays(QUARTA, 4);
  const v = {} as Record<string, VisitaView>;
  let eventoId: string;

  beforeAll(async () => {
    const marcar = (dia: string, hora: string, clienteId = ids.horizonte) =>
      agendar('vendedor', { clienteId, agendadaPara: emSP(dia, hora), objetivo: `Visita ${dia} ${hora}` });
    v.domingoAntes = await marcar(addDays(SEGUNDA, -1), '23:30');
    v.segundaCedo = await marcar(SEGUNDA, '00:30');
    v.hojeTarde = await marcar(QUARTA, '15:00', ids.valinhos);
    v.hojeCedo = await marcar(QUARTA, '08:00');
    v.domingoNoite = await marcar(DOMINGO, '23:30');
    v.segundaDepois = await marcar(addDays(DOMINGO, 1), '00:10');
    v.colega = await agendar('micro_franquia', {
      clienteId: ids.horizonte,
      vendedorId: colegaId,
      agendadaPara: emSP(QUARTA, '10:00'),
    });
    // A lead of the vendedor's due on the day, and one overdue.
    const leadsDoVendedor = await rows<{ id: string }>(
      sql`select id from leads where vendedor_id = ${ids.marcos} and status in ('novo', 'em_contato', 'interessado')
        order by created_at limit 2`,
    );
    await ctx.handle.db.execute(
      sql`update leads set proximo_contato_em = ${QUARTA} where id = ${leadsDoVendedor[0]!.id}`,
    );
    await ctx.handle.db.execute(
      sql`update leads set proximo_contato_em = ${addDays(QUARTA, -20)} where id = ${leadsDoVendedor[1]!.id}`,
    );
    const evento = await as(ctx.app, 'vendedor').post('/api/eventos', {
      clienteId: ids.horizonte,
      nomeEscola: 'Colégio Horizonte',
      tipoEscola: 'privada',
      cidade: 'Campinas',
      estado: 'SP',
      dataDistribuicao: addDays(QUARTA, 1),
      dataEvento: addDays(QUARTA, 2),
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 100,
    });
    expect(evento.statusCode, evento.body).toBe(201);
    eventoId = evento.json<{ id: string }>().id;
  });

  it('holds the vendedor’s own visits of the day and of the rest of its week (Monday to Sunday, São Paulo)', async () => {
    const response = await as(ctx.app, 'vendedor').get(`/api/user/agenda?dia=${QUARTA}`);
    expect(response.statusCode, response.body).toBe(200);
    const agenda = response.json<Agenda>();
    expect(agenda.dia).toBe(QUARTA);
    expect(agenda.hoje.map((x) => x.id)).toEqual([v.hojeCedo!.id, v.hojeTarde!.id]);
    expect(agenda.semana.map((x) => x.id)).toEqual([v.segundaCedo!.id, v.domingoNoite!.id]);
    expect(agenda.hoje[0]).toMatchObject({ clienteNome: 'Colégio Horizonte', objetivo: `Visita ${QUARTA} 08:00` });
    // The micro-franquia's agenda holds its vendedores' visits: the colleague's too.
    const micro = (await as(ctx.app, 'micro_franquia').get(`/api/user/agenda?dia=${QUARTA}`)).json<Agenda>();
    expect(micro.hoje.map((x) => x.id)).toEqual([v.hojeCedo!.id, v.colega!.id, v.hojeTarde!.id]);
    // Another week's Monday is its own.
    const depois = (await as(ctx.app, 'vendedor').get(`/api/user/agenda?dia=${addDays(DOMINGO, 1)}`)).json<Agenda>();
    expect(depois.hoje.map((x) => x.id)).toEqual([v.segundaDepois!.id]);
    expect(depois.semana.map((x) => x.id)).not.toContain(v.domingoNoite!.id);
  });

  it('counts the follow-up due as the dashboard does, lists the most overdue first, and the next events', async () => {
    const agenda = (await as(ctx.app, 'vendedor').get(`/api/user/agenda?dia=${QUARTA}`)).json<Agenda>();
    const [esperado] = await rows<{ hoje: number; atrasados: number }>(sql`
      select count(*) filter (where proximo_contato_em = ${QUARTA})::int as hoje,
        count(*) filter (where proximo_contato_em < ${QUARTA})::int as atrasados
      from leads where vendedor_id = ${ids.marcos} and status in ('novo', 'em_contato', 'interessado')`);
    expect(agenda.retornos.hoje).toBe(esperado!.hoje);
    expect(agenda.retornos.atrasados).toBe(esperado!.atrasados);
    expect(agenda.retornos.hoje).toBeGreaterThanOrEqual(1);
    const datas = agenda.retornos.itens.map((i) => i.proximoContatoEm);
    expect(datas).toEqual([...datas].sort());
    expect(datas.every((d) => d <= QUARTA)).toBe(true);
    expect(agenda.eventos.map((e) => e.id)).toContain(eventoId);
    expect(agenda.eventos.every((e) => e.dataEvento >= QUARTA)).toBe(true);
    // The Contagem micro-franquia's events are not the vendedor's.
    const contagem = await rows<{ id: string }>(
      sql`select id from eventos where nome_escola = 'Instituto Saber Contagem'`,
    );
    for (const { id } of contagem) expect(agenda.eventos.map((e) => e.id)).not.toContain(id);
  });

  it('refuses a day that is not AAAA-MM-DD', async () => {
    for (const dia of ['12/03/2033', '2033-02-30', 'hoje']) {
      const response = await as(ctx.app, 'vendedor').get(`/api/user/agenda?dia=${dia}`);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toMatch(/Informe o dia no formato AAAA-MM-DD|Data inválida/);
    }
  });
});

describe('GET /api/relatorios/visitas: visits per vendedor', () => {
  const DE = '2024-01-01';
  const ATE = '2024-01-31';

  beforeAll(async () => {
    const feita = async (resultado: string, dia: string) => {
      const visita = await agendar('vendedor', { clienteId: ids.horizonte, agendadaPara: emSP(dia, '10:00') });
      const body = {
        status: 'realizada',
        resultado,
        ...(resultado === 'sem_interesse' ? { motivo: 'Sem verba' } : {}),
      };
      expect((await as(ctx.app, 'vendedor').patch(`/api/visitas/${visita.id}`, body)).statusCode).toBe(200);
    };
    await feita('agendou_evento', '2024-01-05');
    await feita('interessada', '2024-01-10');
    await feita('agendou_evento', '2024-01-31');
    await feita('sem_interesse', '2024-01-15');
    const perdida = await agendar('vendedor', { clienteId: ids.valinhos, agendadaPara: emSP('2024-01-20', '09:00') });
    await as(ctx.app, 'vendedor').patch(`/api/visitas/${perdida.id}`, { status: 'nao_realizada' });
    await agendar('vendedor', { clienteId: ids.valinhos, agendadaPara: emSP('2024-01-25', '09:00') });
    // Outside the period by São Paulo's day (the 1st of February, 00:30).
    await agendar('vendedor', { clienteId: ids.valinhos, agendadaPara: emSP('2024-02-01', '00:30') });
    await agendar('micro_franquia', {
      clienteId: ids.valinhos,
      vendedorId: colegaId,
      agendadaPara: emSP('2024-01-12', '09:00'),
    });
    await agendar('franqueador', { clienteId: ids.saberContagem, agendadaPara: emSP('2024-01-12', '09:00') });
  });

  const relatorio = async (caller: Parameters<typeof as>[1], query = '') => {
    const response = await as(ctx.app, caller).get(`/api/relatorios/visitas?de=${DE}&ate=${ATE}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VisitasRelatorio>();
  };

  it('counts each vendedor’s visits scheduled, done, missed and the events they scheduled, over the caller’s scope', async () => {
    const micro = await relatorio('micro_franquia');
    expect(micro.vendedores).toEqual([
      {
        vendedorId: ids.marcos,
        vendedorNome: 'Marcos Vinícius Costa',
        agendadas: 6,
        realizadas: 4,
        naoRealizadas: 1,
        eventosAgendados: 2,
        eventosPorVisita: 0.5,
      },
      {
        vendedorId: colegaId,
        vendedorNome: 'Beatriz Nogueira',
        agendadas: 1,
        realizadas: 0,
        naoRealizadas: 0,
        eventosAgendados: 0,
        eventosPorVisita: 0,
      },
    ]);
    expect(micro.totais).toEqual({
      agendadas: 7,
      realizadas: 4,
      naoRealizadas: 1,
      eventosAgendados: 2,
      eventosPorVisita: 0.5,
    });
    expect(micro.vendedoresTotal).toBe(2);
    // The franqueador, the network's: the Contagem visit with no vendedor too. The totals are the sum of the lines.
    const rede = await relatorio('franqueador');
    expect(rede.totais.agendadas).toBe(8);
    expect(rede.vendedoresTotal).toBe(rede.vendedores.length);
    expect(rede.vendedores.reduce((n, r) => n + r.agendadas, 0)).toBe(rede.totais.agendadas);
    expect(rede.vendedores.at(-1)).toMatchObject({ vendedorId: null, vendedorNome: 'Sem vendedor', agendadas: 1 });
    // The vendedor, its own visits and those to its schools (the colleague's at Valinhos); the MG franquia, Contagem's.
    expect((await relatorio('vendedor')).vendedores.map((r) => r.vendedorId)).toEqual([ids.marcos, colegaId]);
    const mg = await relatorio({ email: 'franquia.mg@demo.com.br' });
    expect(mg.vendedores).toEqual([expect.objectContaining({ vendedorId: null, agendadas: 1 })]);
  });

  it('narrows by the report’s filters, and answers 404 for a node out of scope', async () => {
    expect((await relatorio('micro_franquia', `&clienteId=${ids.valinhos}`)).totais.agendadas).toBe(3);
    // Horizonte is in Campinas, Valinhos in Valinhos.
    expect((await relatorio('franqueador', `&cidade=campinas`)).totais.agendadas).toBe(4);
    expect((await relatorio('franqueador', `&vendedorId=${colegaId}`)).totais.agendadas).toBe(1);
    const fora = await as(ctx.app, 'micro_franquia').get(`/api/relatorios/visitas?clienteId=${ids.saberContagem}`);
    expect(fora.statusCode).toBe(404);
    const invertido = await as(ctx.app, 'micro_franquia').get(`/api/relatorios/visitas?de=${ATE}&ate=${DE}`);
    expect(invertido.statusCode).toBe(400);
  });
});
