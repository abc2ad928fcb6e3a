import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, brasiliaAt, todayInBrasilia } from '../../../shared/brasilia';
import { CHECK_IN_OFFLINE_MESSAGES, LOTE_MAX_ITENS } from '../../../shared/schemas/check-in-offline';
import { EVENTO_MESSAGES } from '../../../shared/schemas/evento';
import { INSCRICAO_MESSAGES } from '../../../shared/schemas/inscricao';
import { auditLog, clientes, eventos, leads, leadVouchers, presencasLote, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { digest, newToken } from '../../lib/tokens';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork } from '../../../../tests/support/network-payloads';
import { unique } from '../../../../tests/support/unique';

/**
 * Issue 49 (ADR 105): the door without a signal -- the roster a device keeps, the batch its queue uploads (idempotent
 * by each check-in's client id, one presence per family whatever the devices), and the conflicts between devices.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let ctx: TestContext;
let horizonte: typeof eventos.$inferSelect;
/** The demo's event in Contagem: another micro-franquia's school, out of the demo vendedor's and cliente's scope. */
let contagem: typeof eventos.$inferSelect;

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.handle.db.select().from(eventos);
  horizonte = rows.find((e) => e.nomeEscola === 'Colégio Horizonte' && e.status === 'agendado')!;
  contagem = rows.find((e) => e.cidade === 'Contagem')!;
});
afterAll(() => ctx.close());

const db = () => ctx.handle.db;
const hoje = () => todayInBrasilia(ctx.clock.now());

/** An event of the demo's Colégio Horizonte (the cliente account's school), on `dataEvento` (today by default). */
async function addEvento(overrides: Partial<typeof eventos.$inferInsert> = {}) {
  const [row] = await db()
    .insert(eventos)
    .values({
      clienteId: horizonte.clienteId,
      microFranquiaId: horizonte.microFranquiaId,
      nomeEscola: `Escola ${unique()}`,
      tipoEscola: 'publica',
      cidade: 'Campinas',
      estado: 'SP',
      dataDistribuicao: hoje(),
      dataEvento: hoje(),
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 10,
      ...overrides,
    })
    .returning();
  return row!;
}

interface Familia {
  id: string;
  nomeAluno: string;
  token: string;
  codigo: string;
}

/** Families signed up for the event, each with a voucher good for a week (as the sign-up e-mails them). */
async function familias(
  eventoId: string,
  nomes: string[],
  extra: Partial<typeof leads.$inferInsert> = {},
): Promise<Familia[]> {
  const rows = await db()
    .insert(leads)
    .values(
      nomes.map((nomeAluno) => {
        const id = unique();
        return {
          eventoId,
          nomeAluno,
          nomeResponsavel: `Responsável ${id}`,
          email: `familia.${id}@email.com`,
          telefone: '19987654321',
          ...extra,
        };
      }),
    )
    .returning({ id: leads.id, nomeAluno: leads.nomeAluno, codigo: leads.codigoVoucher });
  const tokens = rows.map(() => newToken());
  await db()
    .insert(leadVouchers)
    .values(
      rows.map((r, i) => ({
        leadId: r.id,
        tokenHash: digest(tokens[i]!),
        expiraEm: new Date(ctx.clock.now().getTime() + 7 * 86_400_000),
      })),
    );
  return rows.map((r, i) => ({ ...r, token: tokens[i]! }));
}

const familia = async (eventoId: string, nome = `Maria ${unique()} Souza`, extra = {}) =>
  (await familias(eventoId, [nome], extra))[0]!;

/** What a browser computes on the device: `crypto.subtle.digest('SHA-256', utf8(text))` as lower-case hex. */
async function noAparelho(text: string): Promise<string> {
  return Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');
}

type Item = { idCliente?: string; token?: string; leadId?: string; em?: string };
const lote = (dispositivo: string, itens: Item[], dispositivoNome?: string) => ({
  dispositivo,
  ...(dispositivoNome ? { dispositivoNome } : {}),
  itens: itens.map((i) => ({ idCliente: randomUUID(), em: new Date().toISOString(), ...i })),
});

const enviar = (eventoId: string, body: object, caller: Parameters<typeof as>[1] = 'cliente') =>
  as(ctx.app, caller).post(`/api/eventos/${eventoId}/presencas/lote`, body);

const presenteEm = async (leadId: string) =>
  (await db().select({ em: leads.presenteEm }).from(leads).where(eq(leads.id, leadId)))[0]!.em;

const nomeDe = async (email: string) =>
  (await db().select({ nome: users.nome }).from(users).where(eq(users.email, email)))[0]!.nome;

describe('GET /api/eventos/:id/check-in/roteiro', () => {
  it('lists the seated families with hashes the device computes, first name and initials, and nothing else', async () => {
    const evento = await addEvento({ dataEvento: '2031-05-20' });
    const [ana, bruno] = await familias(evento.id, ['Ana Beatriz da Silva Moreira', 'Bruno Carvalho']);
    // Bruno's first voucher has expired; the eve-of-event reminder gave him a second, still good.
    const segundo = newToken();
    await db()
      .insert(leadVouchers)
      .values({ leadId: bruno!.id, tokenHash: digest(segundo), expiraEm: new Date('2031-05-27T03:00:00Z') });
    await db()
      .update(leadVouchers)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(leadVouchers.tokenHash, digest(bruno!.token)));
    await familia(evento.id, 'Carla Espera Dias', { listaEspera: true });
    await familia(evento.id, 'Diego Cancelado Reis', { canceladoEm: new Date() });
    await familia(evento.id, 'Elisa Anonima Prado', { anonimizadoEm: new Date() });

    const response = await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/check-in/roteiro`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const roteiro = response.json();
    expect(roteiro).toMatchObject({
      eventoId: evento.id,
      nomeEscola: evento.nomeEscola,
      dataEvento: '2031-05-20',
      // Two days after the event, at the end of that day in São Paulo (-03:00).
      expiraEm: '2031-05-23T03:00:00.000Z',
    });
    expect(roteiro.versao).toMatch(/^[0-9a-f]{16,}$/);
    const itens = [...roteiro.itens].sort((a, b) => a.primeiroNome.localeCompare(b.primeiroNome));
    expect(itens).toEqual([
      {
        leadId: ana!.id,
        tokenHashes: [await noAparelho(ana!.token)],
        codigoHash: await noAparelho(ana!.codigo.toUpperCase()),
        primeiroNome: 'Ana',
        iniciais: 'A. B. S. M.',
        presente: false,
      },
      {
        leadId: bruno!.id,
        tokenHashes: [await noAparelho(segundo)],
        codigoHash: await noAparelho(bruno!.codigo),
        primeiroNome: 'Bruno',
        iniciais: 'B. C.',
        presente: false,
      },
    ]);
    // No surname, e-mail, phone or guardian travels to the device.
    for (const text of ['Silva', 'Carvalho', 'Responsável', '@email.com', '19987654321', 'Carla', 'Diego', 'Elisa']) {
      expect(response.body).not.toContain(text);
    }
  });

  it('changes its version when a presence, a seat or a voucher changes, and keeps it otherwise', async () => {
    const evento = await addEvento();
    const [a, b] = await familias(evento.id, ['Alice Prado', 'Bento Prado']);
    const versao = async () =>
      (await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/check-in/roteiro`)).json().versao as string;
    const v1 = await versao();
    expect(await versao()).toBe(v1);

    const online = await as(ctx.app, 'cliente').post(`/api/eventos/${evento.id}/presencas`, { token: a!.token });
    expect(online.statusCode).toBe(201);
    const v2 = await versao();
    expect(v2).not.toBe(v1);
    const roteiro = (await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/check-in/roteiro`)).json();
    expect(roteiro.itens.find((i: { leadId: string }) => i.leadId === a!.id).presente).toBe(true);

    await db().update(leads).set({ canceladoEm: new Date() }).where(eq(leads.id, b!.id));
    const v3 = await versao();
    expect([v1, v2]).not.toContain(v3);
    await familia(evento.id, 'Caio Novo');
    const v4 = await versao();
    expect([v1, v2, v3]).not.toContain(v4);
    await db()
      .insert(leadVouchers)
      .values({ leadId: a!.id, tokenHash: digest(newToken()), expiraEm: new Date(Date.now() + 86_400_000) });
    expect([v1, v2, v3, v4]).not.toContain(await versao());
  });
});

describe('POST /api/eventos/:id/presencas/lote', () => {
  it('registers a batch once: sent again, the same answers, one presence, the counts unchanged', async () => {
    const evento = await addEvento();
    const [a, b, c] = await familias(evento.id, ['Davi Lopes', 'Ester Lopes', 'Fabio Lopes']);
    await familia(evento.id, 'Gil Ausente');
    const em = new Date(Date.now() - 20 * 60_000).toISOString();
    const body = lote(
      'aparelho-portaria-1',
      [{ token: a!.token, em }, { token: b!.token }, { leadId: c!.id }],
      'Celular da portaria',
    );

    const first = await enviar(evento.id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      itens: [
        {
          idCliente: body.itens[0]!.idCliente,
          resultado: 'registrada',
          leadId: a!.id,
          primeiroNome: 'Davi',
          motivo: null,
        },
        {
          idCliente: body.itens[1]!.idCliente,
          resultado: 'registrada',
          leadId: b!.id,
          primeiroNome: 'Ester',
          motivo: null,
        },
        {
          idCliente: body.itens[2]!.idCliente,
          resultado: 'registrada',
          leadId: c!.id,
          primeiroNome: 'Fabio',
          motivo: null,
        },
      ],
      presentes: 3,
      inscritos: 4,
    });
    // The presence is when the device registered it.
    expect((await presenteEm(a!.id))!.toISOString()).toBe(em);

    const again = await enviar(evento.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const ids = [a!.id, b!.id, c!.id];
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.presenca'), inArray(auditLog.entidadeId, ids)));
    expect(audits).toHaveLength(3);
    const userId = (await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.cliente)))[0]!
      .id;
    const deA = audits.find((r) => r.entidadeId === a!.id)!;
    expect(deA).toMatchObject({
      usuarioId: userId,
      papel: 'cliente',
      alteracoes: { presenteEm: [null, em] },
      detalhes: {
        eventoId: evento.id,
        meio: 'offline',
        dispositivo: 'aparelho-portaria-1',
        dispositivoNome: 'Celular da portaria',
        idCliente: body.itens[0]!.idCliente,
      },
      franqueadorId: evento.franqueadorId,
      microFranquiaId: evento.microFranquiaId,
    });
    expect(deA.requestId).toBeTruthy();
    // Each batch leaves its trace on the event: what it brought, by outcome.
    const lotes = await db()
      .select({ detalhes: auditLog.detalhes })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'evento.presencas_lote'), eq(auditLog.entidadeId, evento.id)))
      .orderBy(auditLog.em);
    expect(lotes.map((l) => l.detalhes)).toEqual([
      expect.objectContaining({ itens: 3, registradas: 3, conflitos: 0, recusadas: 0, reenviadas: 0 }),
      expect.objectContaining({ itens: 3, registradas: 0, conflitos: 0, recusadas: 0, reenviadas: 3 }),
    ]);
    const kept = await db().select().from(presencasLote).where(eq(presencasLote.eventoId, evento.id));
    expect(kept).toHaveLength(3);

    // The event's card and the door agree: 3 of 4 in, and the door says who let a family in.
    const card = (await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}`)).json();
    expect(card).toMatchObject({ presentes: 3, inscritos: 4 });
    const door = await as(ctx.app, 'cliente').post(`/api/eventos/${evento.id}/presencas`, { leadId: a!.id });
    expect(door.statusCode).toBe(200);
    expect(door.json()).toMatchObject({
      message: INSCRICAO_MESSAGES.presencaJaRegistrada,
      presenteEm: em,
      presentes: 3,
    });
    expect(door.json().registradaPor).toBe((await nomeDe(DEMO_ACCOUNTS.cliente))!.split(' ')[0]);
  });

  it('keeps the good check-ins of a batch with a stale entry, refusing it with the door’s own words', async () => {
    const evento = await addEvento({ vagas: 3 });
    const outro = await addEvento();
    const [boa, cancelada, outraBoa] = await familias(evento.id, ['Helena Boa', 'Igor Cancelou', 'Julia Boa']);
    const espera = await familia(evento.id, 'Kaio Espera', { listaEspera: true });
    const deOutro = await familia(outro.id, 'Lara Outro');
    // Cancelled after the device prepared its roster: the device still let the voucher through.
    await db().update(leads).set({ canceladoEm: new Date() }).where(eq(leads.id, cancelada!.id));

    const body = lote('aparelho-portaria-2', [
      { token: boa!.token },
      { token: cancelada!.token },
      { token: newToken() },
      { leadId: espera.id },
      { token: deOutro.token },
      { leadId: deOutro.id },
      { leadId: outraBoa!.id },
    ]);
    const response = await enviar(evento.id, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.itens.map((i: { resultado: string; motivo: string | null }) => [i.resultado, i.motivo])).toEqual([
      ['registrada', null],
      ['recusada', INSCRICAO_MESSAGES.presencaCancelada],
      ['recusada', INSCRICAO_MESSAGES.inscricaoNaoEncontrada],
      ['recusada', INSCRICAO_MESSAGES.presencaListaEspera],
      ['recusada', INSCRICAO_MESSAGES.inscricaoNaoEncontrada],
      ['recusada', INSCRICAO_MESSAGES.inscricaoNaoEncontrada],
      ['registrada', null],
    ]);
    // A family it knows is named by its first name; one it does not, by nothing.
    expect(answer.itens[1]).toMatchObject({ leadId: cancelada!.id, primeiroNome: 'Igor' });
    expect(answer.itens[2]).toMatchObject({ leadId: null, primeiroNome: null });
    expect(answer.itens[4]).toMatchObject({ leadId: null, primeiroNome: null });
    expect(answer).toMatchObject({ presentes: 2, inscritos: 2 });
    expect(await presenteEm(cancelada!.id)).toBeNull();
    expect(await presenteEm(espera.id)).toBeNull();
    expect(await presenteEm(deOutro.id)).toBeNull();
    // The refusals are kept too: sent again, the same answers, and nothing more written.
    const again = await enviar(evento.id, body);
    expect(again.json()).toEqual(answer);
    const kept = await db().select().from(presencasLote).where(eq(presencasLote.eventoId, evento.id));
    expect(kept.map((k) => k.resultado).sort()).toEqual([
      'recusada',
      'recusada',
      'recusada',
      'recusada',
      'recusada',
      'registrada',
      'registrada',
    ]);
  });

  it('ends two devices that checked in one family with one presence and one conflict, both sides listed', async () => {
    const evento = await addEvento();
    const familiaDupla = await familia(evento.id, 'Marina Duas Vezes');
    const emA = new Date(Date.now() - 30 * 60_000).toISOString();
    const emB = new Date(Date.now() - 25 * 60_000).toISOString();
    const deA = lote('aparelho-AAAA', [{ token: familiaDupla.token, em: emA }], 'Celular da Ana');
    const deB = lote('aparelho-BBBB', [{ leadId: familiaDupla.id, em: emB }], 'Tablet da entrada');

    const a = await enviar(evento.id, deA, 'cliente');
    expect(a.json().itens[0]).toMatchObject({ resultado: 'registrada' });
    const b = await enviar(evento.id, deB, 'micro_franquia');
    expect(b.statusCode).toBe(200);
    expect(b.json().itens[0]).toMatchObject({ resultado: 'conflito', leadId: familiaDupla.id, primeiroNome: 'Marina' });
    expect(b.json()).toMatchObject({ presentes: 1, inscritos: 1 });
    expect((await presenteEm(familiaDupla.id))!.toISOString()).toBe(emA);
    const [conflito] = await db()
      .select()
      .from(presencasLote)
      .where(eq(presencasLote.idCliente, deB.itens[0]!.idCliente));
    expect(conflito).toMatchObject({ resultado: 'conflito', conflitoCom: deA.itens[0]!.idCliente });
    // The same device sending its own check-in again under a new id: nothing new, and no conflict.
    const deNovo = await enviar(evento.id, lote('aparelho-AAAA', [{ leadId: familiaDupla.id }]), 'cliente');
    expect(deNovo.json().itens[0]).toMatchObject({ resultado: 'ja_registrada', leadId: familiaDupla.id });
    const audited = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.presenca'), eq(auditLog.entidadeId, familiaDupla.id)));
    expect(audited).toHaveLength(1);

    const list = await as(ctx.app, 'franquia').get(`/api/eventos/${evento.id}/presencas/conflitos`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      itens: [
        {
          idCliente: deB.itens[0]!.idCliente,
          leadId: familiaDupla.id,
          primeiroNome: 'Marina',
          iniciais: 'M. D. V.',
          primeiro: {
            dispositivo: 'aparelho-AAAA',
            dispositivoNome: 'Celular da Ana',
            usuarioNome: await nomeDe(DEMO_ACCOUNTS.cliente),
            em: emA,
          },
          segundo: {
            dispositivo: 'aparelho-BBBB',
            dispositivoNome: 'Tablet da entrada',
            usuarioNome: await nomeDe(DEMO_ACCOUNTS.micro_franquia),
            em: emB,
          },
        },
      ],
    });
  });

  it('lets two devices racing with the same families end with one presence each, and a batch racing itself too', async () => {
    const evento = await addEvento();
    const todas = await familias(
      evento.id,
      Array.from({ length: 20 }, (_, i) => `Corrida ${i} ${unique()}`),
    );
    const deA = lote(
      'aparelho-corrida-A',
      todas.map((f) => ({ token: f.token })),
    );
    const deB = lote(
      'aparelho-corrida-B',
      todas.map((f) => ({ leadId: f.id })),
    );
    const [a, b, aDeNovo] = await Promise.all([
      enviar(evento.id, deA, 'cliente'),
      enviar(evento.id, deB, 'micro_franquia'),
      enviar(evento.id, deA, 'cliente'),
    ]);
    expect([a.statusCode, b.statusCode, aDeNovo.statusCode]).toEqual([200, 200, 200]);
    // The batch sent twice at once: the same answers, whichever came first.
    expect(aDeNovo.json()).toEqual(a.json());
    const resultados = todas.map((_, i) => [a.json().itens[i].resultado, b.json().itens[i].resultado].sort());
    // Each family: one device registered it, the other's check-in is a conflict.
    expect(resultados.every(([x, y]) => x === 'conflito' && y === 'registrada')).toBe(true);
    const presentes = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.eventoId, evento.id), sql`${leads.presenteEm} is not null`));
    expect(presentes[0]!.n).toBe(20);
    const audited = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.acao, 'lead.presenca'),
          inArray(
            auditLog.entidadeId,
            todas.map((f) => f.id),
          ),
        ),
      );
    expect(audited[0]!.n).toBe(20);
    const conflitos = (await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/presencas/conflitos`)).json();
    expect(conflitos.itens).toHaveLength(20);
    expect((await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}`)).json()).toMatchObject({ presentes: 20 });
  });

  it('answers a conflict with the online check-in when the door had the family first', async () => {
    const evento = await addEvento();
    const [primeira, segunda] = await familias(evento.id, ['Nina Online', 'Otto Depois']);
    const online = await as(ctx.app, 'cliente').post(`/api/eventos/${evento.id}/presencas`, { leadId: primeira!.id });
    expect(online.statusCode).toBe(201);
    const body = lote('aparelho-CCCC', [{ token: primeira!.token }, { token: segunda!.token }], 'Celular do Otávio');
    const response = await enviar(evento.id, body, 'vendedor');
    expect(response.json().itens.map((i: { resultado: string }) => i.resultado)).toEqual(['conflito', 'registrada']);
    const [row] = await db().select().from(presencasLote).where(eq(presencasLote.idCliente, body.itens[0]!.idCliente));
    expect(row!.conflitoCom).toBeNull();

    const list = (await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/presencas/conflitos`)).json();
    expect(list.itens).toHaveLength(1);
    expect(list.itens[0]).toMatchObject({
      leadId: primeira!.id,
      primeiroNome: 'Nina',
      primeiro: {
        dispositivo: null,
        dispositivoNome: null,
        usuarioNome: await nomeDe(DEMO_ACCOUNTS.cliente),
        em: online.json().presenteEm,
      },
      segundo: { dispositivo: 'aparelho-CCCC', usuarioNome: await nomeDe(DEMO_ACCOUNTS.vendedor) },
    });
    // An event without conflicts lists none.
    const vazio = await addEvento();
    expect((await as(ctx.app, 'cliente').get(`/api/eventos/${vazio.id}/presencas/conflitos`)).json()).toEqual({
      itens: [],
    });
  });

  it('registers a family scanned twice in one batch once, by its earlier check-in', async () => {
    const evento = await addEvento();
    const f = await familia(evento.id, 'Yara Duas Leituras');
    const cedo = new Date(Date.now() - 40 * 60_000).toISOString();
    const tarde = new Date(Date.now() - 10 * 60_000).toISOString();
    const response = await enviar(
      evento.id,
      lote('aparelho-JJJJ', [
        { leadId: f.id, em: tarde },
        { token: f.token, em: cedo },
      ]),
    );
    expect(response.json().itens.map((i: { resultado: string }) => i.resultado)).toEqual([
      'ja_registrada',
      'registrada',
    ]);
    expect((await presenteEm(f.id))!.toISOString()).toBe(cedo);
    expect(response.json()).toMatchObject({ presentes: 1, inscritos: 1 });
    expect((await as(ctx.app, 'cliente').get(`/api/eventos/${evento.id}/presencas/conflitos`)).json().itens).toEqual(
      [],
    );
  });

  it("keeps a presence's time within the event: never in the future, never before the day before", async () => {
    const evento = await addEvento();
    const [futuro, antigo, hojeCedo] = await familias(evento.id, ['Paula Futuro', 'Quim Antigo', 'Rita Cedo']);
    const antes = Date.now();
    const cedo = brasiliaAt(hoje(), 0).toISOString();
    const response = await enviar(
      evento.id,
      lote('aparelho-DDDD', [
        { token: futuro!.token, em: new Date(Date.now() + 3 * 3_600_000).toISOString() },
        { token: antigo!.token, em: '2001-01-01T12:00:00-03:00' },
        { token: hojeCedo!.token, em: cedo },
      ]),
    );
    expect(response.json().itens.map((i: { resultado: string }) => i.resultado)).toEqual([
      'registrada',
      'registrada',
      'registrada',
    ]);
    const depois = Date.now();
    const t = (await presenteEm(futuro!.id))!.getTime();
    expect(t).toBeGreaterThanOrEqual(antes);
    expect(t).toBeLessThanOrEqual(depois);
    expect((await presenteEm(antigo!.id))!.toISOString()).toBe(brasiliaAt(addDays(hoje(), -1), 0).toISOString());
    expect((await presenteEm(hojeCedo!.id))!.toISOString()).toBe(cedo);
  });

  it('refuses a client id already sent for another event, and writes nothing for it', async () => {
    const evento = await addEvento();
    const outro = await addEvento();
    const a = await familia(evento.id, 'Sara Primeiro');
    const b = await familia(outro.id, 'Tito Segundo');
    const idCliente = randomUUID();
    await enviar(evento.id, lote('aparelho-EEEE', [{ idCliente, token: a.token }]));
    const response = await enviar(outro.id, lote('aparelho-EEEE', [{ idCliente, token: b.token }]));
    expect(response.json().itens[0]).toEqual({
      idCliente,
      resultado: 'recusada',
      leadId: null,
      primeiroNome: null,
      motivo: CHECK_IN_OFFLINE_MESSAGES.idDeOutroEvento,
    });
    expect(await presenteEm(b.id)).toBeNull();
    const [row] = await db().select().from(presencasLote).where(eq(presencasLote.idCliente, idCliente));
    expect(row).toMatchObject({ eventoId: evento.id, leadId: a.id, resultado: 'registrada' });
  });

  it(`answers a batch of ${LOTE_MAX_ITENS} check-ins in one request`, async () => {
    const evento = await addEvento({ qtdAlunos: LOTE_MAX_ITENS });
    const todas = await familias(
      evento.id,
      Array.from({ length: LOTE_MAX_ITENS }, (_, i) => `Aluno ${i} ${unique()}`),
    );
    const body = lote(
      'aparelho-grande',
      todas.map((f, i) => (i % 2 === 0 ? { token: f.token } : { leadId: f.id })),
    );
    // Its time is the bench's to measure (bench/check-in.ts), not a test's.
    const response = await enviar(evento.id, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.itens).toHaveLength(LOTE_MAX_ITENS);
    expect(answer.itens.every((i: { resultado: string }) => i.resultado === 'registrada')).toBe(true);
    expect(answer).toMatchObject({ presentes: LOTE_MAX_ITENS, inscritos: LOTE_MAX_ITENS });
    const [{ n }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.eventoId, evento.id), sql`${leads.presenteEm} is not null`))) as [{ n: number }];
    expect(n).toBe(LOTE_MAX_ITENS);
    const again = await enviar(evento.id, body);
    expect(again.json()).toEqual(answer);
  });

  it('refuses a malformed batch with 400 and its pt-BR message, writing nothing', async () => {
    const evento = await addEvento();
    const f = await familia(evento.id);
    const before = await db().select({ id: presencasLote.idCliente }).from(presencasLote);
    const cases: [object, string][] = [
      [{ dispositivo: 'aparelho-FFFF', itens: [] }, CHECK_IN_OFFLINE_MESSAGES.loteVazio],
      [{ dispositivo: 'aparelho-FFFF' }, CHECK_IN_OFFLINE_MESSAGES.loteVazio],
      [
        lote(
          'aparelho-FFFF',
          Array.from({ length: LOTE_MAX_ITENS + 1 }, () => ({ leadId: f.id })),
        ),
        CHECK_IN_OFFLINE_MESSAGES.loteGrande,
      ],
      [
        (() => {
          const idCliente = randomUUID();
          return lote('aparelho-FFFF', [
            { idCliente, leadId: f.id },
            { idCliente: idCliente.toUpperCase(), token: f.token },
          ]);
        })(),
        CHECK_IN_OFFLINE_MESSAGES.idRepetido,
      ],
      [lote('aparelho-FFFF', [{ idCliente: 'abc-123', leadId: f.id }]), CHECK_IN_OFFLINE_MESSAGES.idCliente],
      [lote('aparelho-FFFF', [{}]), CHECK_IN_OFFLINE_MESSAGES.itemCorpo],
      [lote('aparelho-FFFF', [{ leadId: f.id, token: f.token }]), CHECK_IN_OFFLINE_MESSAGES.itemCorpo],
      [lote('aparelho-FFFF', [{ leadId: f.id, em: 'ontem à noite' }]), CHECK_IN_OFFLINE_MESSAGES.em],
      [lote('aparelho-FFFF', [{ token: 'curto' }]), INSCRICAO_MESSAGES.voucherNaoEncontrado],
      [lote('x', [{ leadId: f.id }]), CHECK_IN_OFFLINE_MESSAGES.dispositivo],
    ];
    for (const [body, message] of cases) {
      const response = await enviar(evento.id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await db().select({ id: presencasLote.idCliente }).from(presencasLote)).toHaveLength(before.length);
    expect(await presenteEm(f.id)).toBeNull();
  });
});

describe('scope and permission', () => {
  it("answers another network's event 404 on all three routes, as an event that exists nowhere", async () => {
    const rede = await insertOtherNetwork(db());
    const [clienteDeLa] = await db().select().from(clientes).where(eq(clientes.id, rede.clienteId));
    const deLa = await addEvento({ clienteId: clienteDeLa!.id, microFranquiaId: rede.microFranquiaId });
    const f = await familia(deLa.id, 'Ulisses Outra Rede');
    const urls = (id: string) => [
      ['GET', `/api/eventos/${id}/check-in/roteiro`],
      ['POST', `/api/eventos/${id}/presencas/lote`],
      ['GET', `/api/eventos/${id}/presencas/conflitos`],
    ];
    const body = lote('aparelho-GGGG', [{ token: f.token }, { leadId: f.id }]);
    for (const caller of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      for (const [method, url] of urls(deLa.id)) {
        const response =
          method === 'GET' ? await as(ctx.app, caller).get(url!) : await as(ctx.app, caller).post(url!, body);
        expect(response.statusCode, `${method} ${url} as ${caller}`).toBe(404);
        expect(response.json()).toEqual({ message: EVENTO_MESSAGES.notFound });
      }
    }
    expect(await presenteEm(f.id)).toBeNull();
    expect(await db().select().from(presencasLote).where(eq(presencasLote.eventoId, deLa.id))).toEqual([]);
    // Its own franqueador reads it.
    const own = await as(ctx.app, { email: rede.franqueadorEmail }).get(`/api/eventos/${deLa.id}/check-in/roteiro`);
    expect(own.statusCode).toBe(200);
    expect(own.json().itens).toHaveLength(1);
  });

  it("answers 404 to a vendedor and a cliente for another school's event, and 403 to the aluno", async () => {
    const f = await familia(contagem.id, 'Vera Contagem');
    const body = lote('aparelho-HHHH', [{ token: f.token }]);
    for (const caller of ['vendedor', 'cliente'] as const) {
      expect((await as(ctx.app, caller).get(`/api/eventos/${contagem.id}/check-in/roteiro`)).statusCode).toBe(404);
      expect((await as(ctx.app, caller).post(`/api/eventos/${contagem.id}/presencas/lote`, body)).statusCode).toBe(404);
      expect((await as(ctx.app, caller).get(`/api/eventos/${contagem.id}/presencas/conflitos`)).statusCode).toBe(404);
    }
    const aluno = as(ctx.app, 'aluno');
    for (const response of [
      await aluno.get(`/api/eventos/${horizonte.id}/check-in/roteiro`),
      await aluno.post(`/api/eventos/${horizonte.id}/presencas/lote`, body),
      await aluno.get(`/api/eventos/${horizonte.id}/presencas/conflitos`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ url: `/api/eventos/${horizonte.id}/check-in/roteiro` });
    expect(anonymous.statusCode).toBe(401);
    expect(await presenteEm(f.id)).toBeNull();
    // The vendedor of the demo's Colégio Horizonte checks its families in.
    const seu = await familia(horizonte.id, 'Xavier Horizonte');
    const dele = await enviar(horizonte.id, lote('aparelho-IIII', [{ token: seu.token }]), 'vendedor');
    expect(dele.json().itens[0]).toMatchObject({ resultado: 'registrada', leadId: seu.id });
  });
});
