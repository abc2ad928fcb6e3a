import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { FAKE_ASAAS_KEY, type FakeAsaasServer } from '../../../../tests/support/fake-asaas-server';
import { faturaFechada } from '../../../../tests/support/royalty-fatura';
import { appComAsaasFalso, type Familia, familias } from '../../../../tests/support/cobranca-familia';
import {
  auditLog,
  cobrancaConciliacaoPagamentos,
  cobrancaConciliacoes,
  cobrancaEventos,
  franquias,
  parcelas,
  royaltyFaturas,
  users,
} from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { executarConciliacao } from './conciliacao.service';
import { CONCILIACAO_MESSAGES, type ConciliacaoView } from '../../../shared/schemas/conciliacao';

/**
 * Issue 43 (ADR 080), against the fake Asaas: the reconciliation. An outage loses the webhooks of payments made
 * meanwhile; a run applies them through the webhook's path and a second finds nothing. Each kind of difference is
 * listed; a franquia reads its own, another network none; a run is audited and one at a time.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-da-conciliacao-0123456789';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let outra: OtherNetwork;
const { novaFamilia, aceitar } = familias(() => ctx);

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN));
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
const conciliar = (role: Parameters<typeof as>[1] = 'franqueador') =>
  as(ctx.app, role).post('/api/cobranca/conciliacao');
const ver = async (role: Parameters<typeof as>[1] = 'franqueador') => {
  const r = await as(ctx.app, role).get('/api/cobranca/conciliacao');
  expect(r.statusCode, r.body).toBe(200);
  return r.json<ConciliacaoView>();
};

async function faturada(): Promise<{ f: Familia; rows: Awaited<ReturnType<typeof parcelasDe>> }> {
  const f = await novaFamilia();
  await aceitar(f);
  await ctx.app.background.drain();
  const rows = await parcelasDe(f.matriculaId);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  return { f, rows };
}

describe('/api/cobranca/conciliacao', () => {
  let f: Familia;
  let rows: Awaited<ReturnType<typeof parcelasDe>>;
  beforeAll(async () => {
    ({ f, rows } = await faturada());
  });

  it("shows the demo's daily run, then a run now starts clean", async () => {
    // The demo's morning run (ADR 080): a payment no parcela holds, left to look at, in the franqueador's network.
    const antes = await ver();
    expect(antes.execucao).toMatchObject({ origem: 'diaria', pendentes: 1 });
    expect(antes.diferencas).toEqual([
      expect.objectContaining({
        tipo: 'ausente_local',
        situacao: 'pendente',
        parcelaId: null,
        statusGateway: 'PENDING',
      }),
    ]);
    const r = await conciliar();
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<ConciliacaoView & { message: string }>();
    expect(body.message).toBe(CONCILIACAO_MESSAGES.concluida(0, 0));
    expect(body.execucao).toMatchObject({ origem: 'manual', corrigidas: 0, pendentes: 0 });
    expect(body.execucao!.pagamentosNoGateway).toBeGreaterThanOrEqual(rows.length);
    expect(body.diferencas).toEqual([]);
  });

  it('after an outage that lost the webhooks, applies the payments through the webhook path, then reports zero', async () => {
    // Two payments made while the webhook was down: the gateway has them, the parcelas do not.
    fake.pay(rows[0]!.gatewayId, '2026-11-20');
    fake.pay(rows[1]!.gatewayId);
    const r = await conciliar();
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<ConciliacaoView & { message: string }>();
    expect(body.message).toBe(CONCILIACAO_MESSAGES.concluida(2, 0));
    expect(body.diferencas).toHaveLength(2);
    for (const d of body.diferencas) {
      expect(d).toMatchObject({
        tipo: 'status_diverge',
        situacao: 'corrigida',
        statusLocal: 'aberta',
        statusGateway: 'RECEIVED',
        matriculaId: f.matriculaId,
        parcela: expect.stringMatching(/^Parcela [12] de \d+$/),
      });
    }
    const [p1, p2] = await parcelasDe(f.matriculaId);
    expect(p1).toMatchObject({ status: 'paga', pagaEm: '2026-11-20' });
    // The gateway's fee: the net value it reports.
    expect(p1!.valorLiquidoCentavos).toBe(p1!.valorCentavos - 199);
    expect(p2!.status).toBe('paga');
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, p1!.id), eq(auditLog.acao, 'parcela.status_conciliacao')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ usuarioId: null, alteracoes: { status: ['aberta', 'paga'] } });

    // Run again (idempotent): nothing left, nothing applied twice.
    const again = (await conciliar()).json<ConciliacaoView>();
    expect(again.execucao).toMatchObject({ corrigidas: 0, pendentes: 0 });
    expect(again.diferencas).toEqual([]);
    expect(
      await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entidadeId, p1!.id), eq(auditLog.acao, 'parcela.status_conciliacao'))),
    ).toHaveLength(1);
    // The late webhook, once the outage ends, changes nothing either.
    const late = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', {
      ...fake.payments.get(rows[0]!.gatewayId)!,
    });
    expect(late.status).toBe(200);
    expect((await parcelasDe(f.matriculaId))[0]).toMatchObject({ status: 'paga', pagaEm: '2026-11-20' });
    const runs = await ctx.handle.db
      .select()
      .from(cobrancaConciliacoes)
      .where(eq(cobrancaConciliacoes.origem, 'manual'));
    expect(runs.every((run) => run.concluidaEm !== null)).toBe(true);
    expect(await ctx.handle.db.select().from(auditLog).where(eq(auditLog.acao, 'cobranca.conciliar'))).toHaveLength(
      runs.length,
    );
  });

  it('applies a webhook stored for an unknown payment once a parcela holds it', async () => {
    const { rows: outras } = await faturada();
    const p = outras[0]!;
    // The webhook came while no parcela held the payment (the plan's job had not written it yet).
    await ctx.handle.db.update(parcelas).set({ gatewayId: 'pay_ainda_nao' }).where(eq(parcelas.id, p.id));
    fake.pay(p.gatewayId);
    const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', {
      ...fake.payments.get(p.gatewayId)!,
    });
    expect(sent.status).toBe(200);
    const [evento] = await ctx.handle.db
      .select()
      .from(cobrancaEventos)
      .where(eq(cobrancaEventos.gatewayPagamentoId, p.gatewayId));
    expect(evento!.resultado).toBe('pagamento_desconhecido');
    await ctx.handle.db.update(parcelas).set({ gatewayId: p.gatewayId }).where(eq(parcelas.id, p.id));

    const body = (await conciliar()).json<ConciliacaoView>();
    expect(body.execucao).toMatchObject({ corrigidas: 1, pendentes: 0 });
    const [depois] = await ctx.handle.db.select().from(cobrancaEventos).where(eq(cobrancaEventos.id, evento!.id));
    expect(depois).toMatchObject({ resultado: 'aplicado', parcelaId: p.id });
    expect((await parcelasDe(p.matriculaId))[0]!.status).toBe('paga');
  });

  it('applies a chargeback whose webhook was lost as the chargeback, and its dispute won likewise (ADR 093)', async () => {
    const { f: h, rows: dela } = await faturada();
    const p = dela[0]!;
    const pago = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(p.gatewayId));
    expect(pago.status).toBe(200);
    // The card's bank takes the payment back; the webhook is lost.
    fake.chargeback(p.gatewayId, 'requested');
    const body = (await conciliar()).json<ConciliacaoView>();
    expect(body.diferencas.filter((d) => d.matriculaId === h.matriculaId)).toEqual([
      expect.objectContaining({
        tipo: 'status_diverge',
        situacao: 'corrigida',
        statusLocal: 'paga',
        statusGateway: 'CHARGEBACK_REQUESTED',
      }),
    ]);
    expect((await parcelasDe(h.matriculaId))[0]).toMatchObject({
      status: 'estornada',
      chargebackEm: expect.any(String),
    });
    const [evento] = await ctx.handle.db
      .select()
      .from(cobrancaEventos)
      .where(
        and(
          eq(cobrancaEventos.gatewayPagamentoId, p.gatewayId),
          eq(cobrancaEventos.tipo, 'PAYMENT_CHARGEBACK_REQUESTED'),
        ),
      );
    expect(evento!.resultado).toBe('aplicado');
    // The dispute is won; its webhook is lost too.
    fake.chargeback(p.gatewayId, 'won');
    await conciliar();
    expect((await parcelasDe(h.matriculaId))[0]).toMatchObject({ status: 'paga', chargebackEm: null });
  });

  it('lists what it may not fix: missing locally, missing at the gateway, a value or a status that differs', async () => {
    const { f: g, rows: outras } = await faturada();
    const [a, b, c] = outras;
    // A value changed at the gateway; a payment the gateway lost; a parcela paid here the gateway calls open.
    fake.payments.get(a!.gatewayId)!.value = 999.99;
    fake.payments.delete(b!.gatewayId);
    await ctx.handle.db.update(parcelas).set({ status: 'paga', pagaEm: '2026-11-01' }).where(eq(parcelas.id, c!.id));
    // A payment created at the gateway whose parcela was never written.
    const customer = [...fake.customers.values()][0]!;
    const orfa = await fetch(`${fake.url}/v3/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: FAKE_ASAAS_KEY },
      body: JSON.stringify({
        customer: customer.id,
        billingType: 'UNDEFINED',
        value: 12.34,
        dueDate: a!.vencimento,
        externalReference: `parcela:${g.matriculaId}:99`,
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);

    const body = (await conciliar()).json<ConciliacaoView & { message: string }>();
    expect(body.execucao).toMatchObject({ corrigidas: 0, pendentes: 4 });
    const porTipo = Object.fromEntries(body.diferencas.map((d) => [d.tipo, d]));
    expect(porTipo.valor_diverge).toMatchObject({
      situacao: 'pendente',
      parcelaId: a!.id,
      valorLocal: a!.valorCentavos / 100,
      valorGateway: 999.99,
    });
    expect(porTipo.ausente_gateway).toMatchObject({ situacao: 'pendente', parcelaId: b!.id, statusGateway: null });
    expect(porTipo.status_diverge).toMatchObject({
      situacao: 'pendente',
      parcelaId: c!.id,
      statusLocal: 'paga',
      statusGateway: 'PENDING',
    });
    expect(porTipo.ausente_local).toMatchObject({
      situacao: 'pendente',
      parcelaId: null,
      matriculaId: g.matriculaId,
      gatewayId: orfa.id,
      valorGateway: 12.34,
    });
    // Nothing was changed locally for them.
    const depois = await parcelasDe(g.matriculaId);
    expect(depois.find((p) => p.id === c!.id)!.status).toBe('paga');
    expect(depois.find((p) => p.id === b!.id)!.status).toBe('aberta');

    // Scope: the franquia of the matrícula reads them; another network reads none of them.
    const franquia = await ver('franquia');
    expect(franquia.diferencas.map((d) => d.tipo).sort()).toEqual([
      'ausente_gateway',
      'ausente_local',
      'status_diverge',
      'valor_diverge',
    ]);
    const alheia = await ver({ email: outra.franqueadorEmail });
    expect(alheia.diferencas).toEqual([]);
    expect(alheia.execucao).toMatchObject({ corrigidas: 0, pendentes: 0 });

    // Put back as they were: the next run is clean.
    fake.payments.get(a!.gatewayId)!.value = a!.valorCentavos / 100;
    fake.payments.get(orfa.id)!.deleted = true;
    await ctx.handle.db.update(parcelas).set({ status: 'cancelada', pagaEm: null }).where(eq(parcelas.id, b!.id));
    await ctx.handle.db.update(parcelas).set({ status: 'aberta', pagaEm: null }).where(eq(parcelas.id, c!.id));
    expect((await conciliar()).json<ConciliacaoView>().execucao).toMatchObject({ corrigidas: 0, pendentes: 0 });
  });

  it('moves a royalties charge whose webhook was lost, and lists no charge as an unknown payment (ADR 095)', async () => {
    const db = ctx.handle.db;
    const [fr] = await db
      .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
      .from(franquias)
      .innerJoin(users, eq(users.id, franquias.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.franquia));
    const vencimento = addDays(todayInBrasilia(ctx.clock.now()), 10);
    const customer = [...fake.customers.values()][0]!;
    /** A closed month's charge, open at the gateway (as the charge's job leaves it). */
    async function cobrada(periodo: string) {
      const faturaId = await faturaFechada(db, fr!, periodo, { valorCentavos: 7_000, vencimento });
      const pagamento = await fetch(`${fake.url}/v3/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: FAKE_ASAAS_KEY },
        body: JSON.stringify({
          customer: customer.id,
          billingType: 'UNDEFINED',
          value: 70,
          dueDate: vencimento,
          externalReference: `royalties:${faturaId}`,
        }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      await db
        .update(royaltyFaturas)
        .set({ status: 'aberta', provedor: 'asaas', gatewayId: pagamento.id })
        .where(eq(royaltyFaturas.id, faturaId));
      return { id: faturaId, gatewayId: pagamento.id };
    }
    const paga = await cobrada('2031-01');
    await cobrada('2031-02');
    // The franquia paid the first; the webhook was lost. The second is open on both sides.
    fake.pay(paga.gatewayId);

    const body = (await conciliar()).json<ConciliacaoView>();
    expect(body.execucao).toMatchObject({ corrigidas: 1, pendentes: 0 });
    expect(body.diferencas).toEqual([
      expect.objectContaining({
        tipo: 'status_diverge',
        situacao: 'corrigida',
        parcelaId: null,
        matriculaId: null,
        gatewayId: paga.gatewayId,
        statusLocal: 'aberta',
        statusGateway: 'RECEIVED',
      }),
    ]);
    const [fatura] = await db.select().from(royaltyFaturas).where(eq(royaltyFaturas.id, paga.id));
    expect(fatura!.status).toBe('paga');
    const trilha = await db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, paga.id), eq(auditLog.acao, 'royalty_fatura.status_gateway')));
    expect(trilha).toHaveLength(1);
    // The franqueador's money: the franquia's list of differences names only its families'.
    expect((await ver('franquia')).diferencas).toEqual([]);
    // Run again: nothing left.
    expect((await conciliar()).json<ConciliacaoView>().execucao).toMatchObject({ corrigidas: 0, pendentes: 0 });
  });

  it('refuses a run to the franquia and other roles (403), one at a time (409), and a gateway down (502, pt-BR)', async () => {
    expect((await conciliar('franquia')).statusCode).toBe(403);
    expect((await conciliar('cliente')).statusCode).toBe(403);
    expect((await as(ctx.app, 'vendedor').get('/api/cobranca/conciliacao')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/cobranca/conciliacao')).statusCode).toBe(403);
    expect((await as(ctx.app, null).get('/api/cobranca/conciliacao')).statusCode).toBe(401);

    const [emAndamento] = await ctx.handle.db
      .insert(cobrancaConciliacoes)
      .values({ provedor: 'asaas', origem: 'diaria', desde: '2026-01-01', iniciadaEm: ctx.clock.now() })
      .returning();
    const busy = await conciliar();
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(CONCILIACAO_MESSAGES.emAndamento);
    // One left behind by a crash over half an hour ago is closed, and the run goes on.
    await ctx.handle.db
      .update(cobrancaConciliacoes)
      .set({ iniciadaEm: new Date(ctx.clock.now().getTime() - 31 * 60_000) })
      .where(eq(cobrancaConciliacoes.id, emAndamento!.id));
    expect((await conciliar()).statusCode).toBe(200);

    fake.failNext(1);
    const down = await conciliar();
    expect(down.statusCode).toBe(502);
    expect(down.json<{ message: string }>().message).toBe(CONCILIACAO_MESSAGES.gatewayIndisponivel);
    // The last finished run is still what the screen shows.
    expect((await ver()).execucao).not.toBeNull();
  });
});

describe('a run a page at a time (ADR 084)', () => {
  it('with more payments and parcelas than a page, finds and fixes exactly what one page of everything does', async () => {
    const { f: g, rows: outras } = await faturada();
    expect(outras.length).toBeGreaterThanOrEqual(5);
    const [paga, valor, ...resto] = outras;
    const perdidas = resto.slice(0, 3);
    // A payment whose webhook was lost, a value changed at the gateway, three payments the gateway lost, an orphan.
    fake.pay(paga!.gatewayId);
    fake.payments.get(valor!.gatewayId)!.value = 777.77;
    for (const p of perdidas) fake.payments.delete(p.gatewayId);
    const customer = [...fake.customers.values()][0]!;
    const orfa = await fetch(`${fake.url}/v3/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: FAKE_ASAAS_KEY },
      body: JSON.stringify({
        customer: customer.id,
        billingType: 'UNDEFINED',
        value: 43.21,
        dueDate: valor!.vencimento,
        externalReference: `parcela:${g.matriculaId}:98`,
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const chave = (d: ConciliacaoView['diferencas'][number]) => `${d.tipo}:${d.situacao}:${d.gatewayId}`;

    // Pages of 2 payments at the gateway and 2 parcelas here.
    const pequena = await executarConciliacao(ctx.app, 'diaria', null, { gateway: 2, lote: 2 });
    const emPaginas = await ver();
    expect(emPaginas.execucao).toMatchObject({ id: pequena.conciliacaoId, corrigidas: 1, pendentes: 5 });
    expect(emPaginas.execucao!.pagamentosNoGateway).toBeGreaterThan(2);
    expect(emPaginas.diferencas.map(chave).sort()).toEqual(
      [
        `status_diverge:corrigida:${paga!.gatewayId}`,
        `valor_diverge:pendente:${valor!.gatewayId}`,
        ...perdidas.map((p) => `ausente_gateway:pendente:${p.gatewayId}`),
        `ausente_local:pendente:${orfa.id}`,
      ].sort(),
    );
    expect((await parcelasDe(g.matriculaId)).find((p) => p.id === paga!.id)!.status).toBe('paga');

    // The same account in one page of everything: the same pending differences, the same counts, nothing to fix.
    const inteira = await executarConciliacao(ctx.app, 'diaria', null);
    const deUmaVez = await ver();
    expect(deUmaVez.execucao).toMatchObject({ id: inteira.conciliacaoId, corrigidas: 0, pendentes: 5 });
    expect(deUmaVez.execucao!.pagamentosNoGateway).toBe(emPaginas.execucao!.pagamentosNoGateway);
    expect(deUmaVez.execucao!.parcelasComparadas).toBe(emPaginas.execucao!.parcelasComparadas);
    expect(deUmaVez.diferencas.map(chave).sort()).toEqual(
      emPaginas.diferencas
        .filter((d) => d.situacao === 'pendente')
        .map(chave)
        .sort(),
    );
    // A run leaves no list of compared payments behind.
    expect(await ctx.handle.db.select().from(cobrancaConciliacaoPagamentos)).toEqual([]);

    // Put back: the next run is clean.
    fake.payments.get(valor!.gatewayId)!.value = valor!.valorCentavos / 100;
    fake.payments.get(orfa.id)!.deleted = true;
    await ctx.handle.db
      .update(parcelas)
      .set({ status: 'cancelada' })
      .where(
        inArray(
          parcelas.id,
          perdidas.map((p) => p.id),
        ),
      );
    expect((await executarConciliacao(ctx.app, 'diaria', null, { gateway: 3, lote: 1 })).pendentes).toBe(0);
  });
});
