import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { type FakeAsaasServer } from '../../../../tests/support/fake-asaas-server';
import { appComAsaasFalso, type Familia, familias } from '../../../../tests/support/cobranca-familia';
import { auditLog, jobs, matriculas, parcelas } from '../../db/schema';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { BAIXA_MESSAGES } from '../../../shared/schemas/parcela-baixa';
import { PARCELA_MESSAGES, type ParcelaItem } from '../../../shared/schemas/parcela';

/**
 * Issue 43 (ADR 076), against the fake Asaas: the baixa manual -- a parcela paid at the school marked paid by staff
 * with the day and a note, audited, its payment cancelled at the gateway by a durable job (after an outage too,
 * never twice), a later PAYMENT_DELETED or PAYMENT_RECEIVED changing nothing; and what the route refuses.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-da-baixa-0123456789';
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
const deletesOf = (gatewayId: string) => fake.received('DELETE', `/v3/payments/${gatewayId}`);
const refundsOf = (gatewayId: string) => fake.received('POST', `/v3/payments/${gatewayId}/refund`);
const baixa = (role: Parameters<typeof as>[1], id: string, body: unknown) =>
  as(ctx.app, role).post(`/api/parcelas/${id}/baixa`, body);
const hoje = () => todayInBrasilia(ctx.clock.now());

async function faturada(): Promise<{ f: Familia; rows: Awaited<ReturnType<typeof parcelasDe>> }> {
  const f = await novaFamilia();
  await aceitar(f);
  await ctx.app.background.drain();
  const rows = await parcelasDe(f.matriculaId);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  return { f, rows };
}

describe('POST /api/parcelas/:id/baixa', () => {
  let f: Familia;
  let rows: Awaited<ReturnType<typeof parcelasDe>>;
  beforeAll(async () => {
    ({ f, rows } = await faturada());
  });

  it('marks an open parcela paid at the school with the day and the note, shows who did it, and audits the note', async () => {
    const p = rows[0]!;
    const response = await baixa('franquia', p.id, { observacao: '  Pago em dinheiro na secretaria  ' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; parcela: ParcelaItem }>();
    expect(body.message).toBe(BAIXA_MESSAGES.baixaFeita);
    expect(body.parcela).toMatchObject({
      id: p.id,
      status: 'paga',
      pagaEm: hoje(),
      valorLiquido: p.valorCentavos / 100,
      baixa: { observacao: 'Pago em dinheiro na secretaria', por: expect.any(String) },
    });
    // The staff's list and the matrícula's record say it was a baixa.
    const lista = (await as(ctx.app, 'franqueador').get(`/api/matriculas/${f.matriculaId}/parcelas`)).json<
      ParcelaItem[]
    >();
    expect(lista.find((x) => x.id === p.id)!.baixa).toMatchObject({ observacao: 'Pago em dinheiro na secretaria' });
    // The aluno's page shows it paid, never the staff's note.
    const [row] = await ctx.handle.db
      .select({ baixaPorId: parcelas.baixaPorId })
      .from(parcelas)
      .where(eq(parcelas.id, p.id));
    expect(row!.baixaPorId).not.toBeNull();
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, p.id), eq(auditLog.acao, 'parcela.baixa')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      papel: 'franquia',
      alteracoes: { status: ['aberta', 'paga'], pagaEm: [null, hoje()] },
      detalhes: { observacao: 'Pago em dinheiro na secretaria', matriculaId: f.matriculaId, numero: p.numero },
    });
    expect(audits[0]!.usuarioId).not.toBeNull();
  });

  it('cancels the payment at the gateway after the commit, once, and a later PAYMENT_DELETED or RECEIVED changes nothing', async () => {
    const p = rows[0]!;
    expect(deletesOf(p.gatewayId)).toHaveLength(0);
    await ctx.app.background.drain();
    expect(deletesOf(p.gatewayId)).toHaveLength(1);
    expect(fake.payments.get(p.gatewayId)!.deleted).toBe(true);
    const [job] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_baixa:${p.id}`));
    expect(job!.status).toBe('concluido');
    const gw = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, p.id), eq(auditLog.acao, 'parcela.gateway_encerrada')));
    expect(gw).toHaveLength(1);
    expect(gw[0]).toMatchObject({ usuarioId: null, detalhes: { motivo: 'baixa', pedido: 'cancelada' } });

    const deleted = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_DELETED', {
      ...fake.payments.get(p.gatewayId)!,
    });
    expect(deleted.status).toBe(200);
    const received = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', {
      ...fake.payments.get(p.gatewayId)!,
      paymentDate: '2027-01-02',
    });
    expect(received.status).toBe(200);
    const [depois] = (await parcelasDe(f.matriculaId)).filter((x) => x.id === p.id);
    expect(depois).toMatchObject({ status: 'paga', pagaEm: hoje() });
    // Drained again: nothing more asked of the gateway.
    await ctx.app.background.drain();
    expect(deletesOf(p.gatewayId)).toHaveLength(1);
  });

  it('refuses a parcela already paid, cancelled or refunded with 409 and a pt-BR message', async () => {
    const again = await baixa('franqueador', rows[0]!.id, { observacao: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(BAIXA_MESSAGES.statusNaoPermite('Paga'));
    await ctx.handle.db.update(parcelas).set({ status: 'cancelada' }).where(eq(parcelas.id, rows[2]!.id));
    const cancelada = await baixa('franqueador', rows[2]!.id, { observacao: 'Pago' });
    expect(cancelada.statusCode).toBe(409);
    expect(cancelada.json<{ message: string }>().message).toMatch(/está cancelada/);
  });

  it('takes an overdue parcela and a past day, never a day in the future nor before the matrícula', async () => {
    const p = rows[1]!;
    await ctx.handle.db.update(parcelas).set({ status: 'vencida' }).where(eq(parcelas.id, p.id));
    const futura = await baixa('cliente', p.id, { observacao: 'Pago', pagaEm: addDays(hoje(), 1) });
    expect(futura.statusCode).toBe(400);
    expect(futura.json<{ errors: Record<string, string> }>().errors.pagaEm).toBe(BAIXA_MESSAGES.pagaEmFutura);
    const [m] = await ctx.handle.db
      .select({ createdAt: matriculas.createdAt })
      .from(matriculas)
      .where(eq(matriculas.id, f.matriculaId));
    const desde = todayInBrasilia(m!.createdAt);
    const antes = await baixa('cliente', p.id, { observacao: 'Pago', pagaEm: addDays(desde, -1) });
    expect(antes.statusCode).toBe(400);
    expect(antes.json<{ message: string }>().message).toBe(BAIXA_MESSAGES.pagaEmAntesDaMatricula(desde));
    const ok = await baixa('cliente', p.id, { observacao: 'Pago no balcão', pagaEm: desde });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ parcela: ParcelaItem }>().parcela).toMatchObject({ status: 'paga', pagaEm: desde });
  });

  it('asks for the note and a valid day in pt-BR, and takes nothing else', async () => {
    const { rows: outras } = await faturada();
    const p = outras[0]!;
    const semNota = await baixa('franqueador', p.id, {});
    expect(semNota.statusCode).toBe(400);
    expect(semNota.json<{ errors: Record<string, string> }>().errors.observacao).toBe(BAIXA_MESSAGES.observacao);
    const branca = await baixa('franqueador', p.id, { observacao: '   ' });
    expect(branca.json<{ errors: Record<string, string> }>().errors.observacao).toBe(BAIXA_MESSAGES.observacao);
    const longa = await baixa('franqueador', p.id, { observacao: 'x'.repeat(501) });
    expect(longa.json<{ errors: Record<string, string> }>().errors.observacao).toBe(BAIXA_MESSAGES.observacaoLonga);
    const data = await baixa('franqueador', p.id, { observacao: 'Pago', pagaEm: '2026-02-30' });
    expect(data.statusCode).toBe(400);
    const extra = await baixa('franqueador', p.id, { observacao: 'Pago', status: 'estornada' });
    expect(extra.statusCode).toBe(400);
    expect((await parcelasDe(p.matriculaId))[0]!.status).toBe('aberta');
  });

  it('answers 404 for a parcela out of scope or that exists nowhere, 403 to the vendedor and the aluno', async () => {
    const { rows: outras } = await faturada();
    const p = outras[0]!;
    const foreign = await as(ctx.app, { email: outra.franqueadorEmail }).post(`/api/parcelas/${p.id}/baixa`, {
      observacao: 'Intruso',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe(PARCELA_MESSAGES.parcelaNaoEncontrada);
    const nowhere = await baixa('franqueador', crypto.randomUUID(), { observacao: 'Pago' });
    expect(nowhere.statusCode).toBe(404);
    expect((await baixa('vendedor', p.id, { observacao: 'Pago' })).statusCode).toBe(403);
    expect((await baixa('aluno', p.id, { observacao: 'Pago' })).statusCode).toBe(403);
    expect((await parcelasDe(p.matriculaId))[0]!.status).toBe('aberta');
  });
});

describe('the baixa at the gateway', () => {
  it('survives an outage: the job fails, the parcela stays paid, and the payment is cancelled once when it is back', async () => {
    const { rows } = await faturada();
    const p = rows[0]!;
    expect((await baixa('franqueador', p.id, { observacao: 'Pago em dinheiro' })).statusCode).toBe(200);
    fake.failNext(1);
    await ctx.app.background.drain();
    const [job] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_baixa:${p.id}`));
    expect(job!.status).toBe('pendente');
    expect(job!.tentativas).toBe(1);
    expect(fake.payments.get(p.gatewayId)!.deleted).toBe(false);
    expect((await parcelasDe(p.matriculaId))[0]!.status).toBe('paga');
    // The gateway is back; the retry is due after its wait.
    ctx.clock.advance(10 * 60_000);
    await ctx.app.background.drain();
    expect(fake.payments.get(p.gatewayId)!.deleted).toBe(true);
    expect(deletesOf(p.gatewayId)).toHaveLength(1);
  });

  it('refunds the gateway’s payment when the family paid it there too, so it is never charged twice', async () => {
    const { rows } = await faturada();
    const p = rows[0]!;
    expect((await baixa('franqueador', p.id, { observacao: 'Pago em dinheiro' })).statusCode).toBe(200);
    fake.pay(p.gatewayId);
    await ctx.app.background.drain();
    expect(deletesOf(p.gatewayId)).toHaveLength(0);
    expect(refundsOf(p.gatewayId)).toHaveLength(1);
    expect(fake.payments.get(p.gatewayId)!.status).toBe('REFUNDED');
    // The refund's webhook does not undo the cash payment.
    const refunded = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_REFUNDED', {
      ...fake.payments.get(p.gatewayId)!,
    });
    expect(refunded.status).toBe(200);
    expect((await parcelasDe(p.matriculaId))[0]!.status).toBe('paga');
  });

  it('is a job written once per parcela, in the baixa’s transaction', async () => {
    const { rows } = await faturada();
    const p = rows[0]!;
    const before = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_baixa:${p.id}`));
    expect(before).toHaveLength(0);
    expect((await baixa('franqueador', p.id, { observacao: 'Pago' })).statusCode).toBe(200);
    const after = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_baixa:${p.id}`));
    expect(after).toHaveLength(1);
    expect(after[0]!.registroId).toBe(p.matriculaId);
  });
});

describe('the aluno', () => {
  it('sees a parcela paid by baixa as paid, without the staff’s note', async () => {
    const [mariana] = await ctx.handle.db
      .select({ id: matriculas.id })
      .from(matriculas)
      .where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
    const { criarPlano } = await import('./plano.service');
    await criarPlano(ctx.app, mariana!.id);
    const [p] = await parcelasDe(mariana!.id);
    expect(p).toBeDefined();
    expect((await baixa('franqueador', p!.id, { observacao: 'Nota interna da secretaria' })).statusCode).toBe(200);
    const minhas = (await as(ctx.app, 'aluno').get('/api/user/parcelas')).json<ParcelaItem[]>();
    const vista = minhas.find((x) => x.id === p!.id)!;
    expect(vista).toMatchObject({ status: 'paga', baixa: null });
    expect(JSON.stringify(minhas)).not.toContain('Nota interna');
  });
});

describe('the demo network', () => {
  it('shows a parcela paid by baixa (Helena) and a cancellation’s fee billed (Otávio)', async () => {
    const helena = (await as(ctx.app, 'franqueador').get('/api/parcelas?q=Helena Duarte&pageSize=50')).json<
      ParcelaItem[]
    >();
    expect(helena.length).toBeGreaterThan(1);
    expect(helena.find((p) => p.numero === 1)).toMatchObject({
      status: 'paga',
      baixa: { observacao: expect.stringContaining('Pago em dinheiro'), por: expect.any(String) },
    });
    const otavio = (await as(ctx.app, 'franqueador').get('/api/parcelas?q=Otávio Ramos&pageSize=50')).json<
      ParcelaItem[]
    >();
    const taxa = otavio.find((p) => p.tipo === 'taxa_cancelamento')!;
    expect(taxa).toMatchObject({ status: 'aberta' });
    expect(otavio.filter((p) => p.tipo === 'mensalidade').every((p) => p.status === 'cancelada')).toBe(true);
  });
});
