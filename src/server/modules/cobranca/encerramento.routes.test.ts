import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { login, type TestContext } from '../../../../tests/setup/test-app';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { as } from '../../../../tests/support/inject-as';
import { type FakeAsaasServer } from '../../../../tests/support/fake-asaas-server';
import { appComAsaasFalso, type Familia, familias } from '../../../../tests/support/cobranca-familia';
import { auditLog, jobs, parcelas } from '../../db/schema';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { toCentavos } from '../../../shared/money/parcelas';
import type { CancelamentoPreview } from '../../../shared/schemas/cancelamento';
import type { ParcelaItem } from '../../../shared/schemas/parcela';
import { cobrarTaxa, executarEncerramento, PRAZO_DA_TAXA_DIAS, referenciaDaTaxa } from './encerramento.service';

/**
 * Issue 43 (ADR 076), against the fake Asaas: the family's withdrawal within 7 days cancels its unpaid parcelas at
 * the gateway and refunds the paid ones; the staff's cancellation after them cancels the unpaid ones and bills the
 * fee as one charge. Each by a keyed job after the commit that, run again after a crash, asks the gateway for
 * nothing twice (the fake's received requests); a withdrawal before the plan was billed bills nothing.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-do-encerramento-0123';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
const { novaFamilia, aceitar, desistir } = familias(() => ctx);

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
const deletesOf = (gatewayId: string) => fake.received('DELETE', `/v3/payments/${gatewayId}`);
const refundsOf = (gatewayId: string) => fake.received('POST', `/v3/payments/${gatewayId}/refund`);
const postsOf = (matriculaId: string) =>
  fake.received('POST', '/v3/payments').filter((r) => String(r.body?.externalReference).includes(matriculaId));
const statusDe = async (matriculaId: string) => (await parcelasDe(matriculaId)).map((p) => p.status);

/** A family whose contract is accepted and billed. */
async function faturada(): Promise<{ f: Familia; rows: Awaited<ReturnType<typeof parcelasDe>> }> {
  const f = await novaFamilia();
  await aceitar(f);
  await ctx.app.background.drain();
  const rows = await parcelasDe(f.matriculaId);
  expect(rows.length).toBeGreaterThanOrEqual(3);
  return { f, rows };
}

/** The gateway's payment received and its webhook delivered. */
async function pagarNoGateway(gatewayId: string) {
  const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(gatewayId));
  expect(sent.status, sent.body).toBe(200);
}

describe('the withdrawal within 7 days', () => {
  let f: Familia;
  let rows: Awaited<ReturnType<typeof parcelasDe>>;
  beforeAll(async () => {
    ({ f, rows } = await faturada());
  });

  it('cancels the unpaid parcelas at the gateway, refunds the one paid there, and the school refunds the one paid in cash', async () => {
    await pagarNoGateway(rows[0]!.gatewayId);
    const baixa = await as(ctx.app, 'franqueador').post(`/api/parcelas/${rows[1]!.id}/baixa`, {
      observacao: 'Pago em dinheiro',
    });
    expect(baixa.statusCode, baixa.body).toBe(200);
    const desistencia = await desistir(f);
    expect(desistencia.statusCode, desistencia.body).toBe(200);
    // In the withdrawal's transaction: the cash payment is the school's to give back, recorded and audited.
    expect((await parcelasDe(f.matriculaId))[1]!.status).toBe('estornada');
    const escola = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, rows[1]!.id), eq(auditLog.acao, 'parcela.estorno_na_escola')));
    expect(escola).toHaveLength(1);

    await ctx.app.background.drain();
    const depois = await parcelasDe(f.matriculaId);
    expect(depois.map((p) => p.status)).toEqual(['estornada', 'estornada', ...rows.slice(2).map(() => 'cancelada')]);
    expect(refundsOf(rows[0]!.gatewayId)).toHaveLength(1);
    expect(fake.payments.get(rows[0]!.gatewayId)!.status).toBe('REFUNDED');
    for (const p of rows.slice(2)) {
      expect(deletesOf(p.gatewayId)).toHaveLength(1);
      expect(fake.payments.get(p.gatewayId)!.deleted).toBe(true);
    }
    // The cash one: its payment was cancelled by the baixa, and nothing more is asked of the gateway.
    expect(deletesOf(rows[1]!.gatewayId)).toHaveLength(1);
    expect(refundsOf(rows[1]!.gatewayId)).toHaveLength(0);
    const sistema = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, rows[2]!.id), eq(auditLog.acao, 'parcela.gateway_encerrada')));
    expect(sistema).toHaveLength(1);
    expect(sistema[0]).toMatchObject({
      usuarioId: null,
      alteracoes: { status: ['aberta', 'cancelada'] },
      detalhes: { motivo: 'desistencia', pedido: 'cancelada' },
    });
  });

  it('asks the gateway for nothing twice when the job runs again after a crash lost its local writes', async () => {
    const requests = fake.requests.filter((r) => r.method !== 'GET').length;
    // The gateway answered; our writes were lost.
    await ctx.handle.db
      .update(parcelas)
      .set({ status: 'aberta' })
      .where(
        inArray(
          parcelas.id,
          rows.slice(2).map((p) => p.id),
        ),
      );
    await ctx.handle.db.update(parcelas).set({ status: 'paga' }).where(eq(parcelas.id, rows[0]!.id));
    await executarEncerramento(ctx.app, { payload: { matriculaId: f.matriculaId, motivo: 'desistencia' } });
    expect(fake.requests.filter((r) => r.method !== 'GET').length).toBe(requests);
    expect(await statusDe(f.matriculaId)).toEqual(['estornada', 'estornada', ...rows.slice(2).map(() => 'cancelada')]);
    const [job] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_encerramento:${f.matriculaId}`));
    expect(job!.status).toBe('concluido');
  });

  it('a PAYMENT_DELETED or PAYMENT_REFUNDED webhook arriving afterwards changes nothing more', async () => {
    for (const p of rows) {
      const event = fake.payments.get(p.gatewayId)!.deleted ? 'PAYMENT_DELETED' : 'PAYMENT_REFUNDED';
      expect((await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, event, fake.payments.get(p.gatewayId)!)).status).toBe(
        200,
      );
    }
    expect(await statusDe(f.matriculaId)).toEqual(['estornada', 'estornada', ...rows.slice(2).map(() => 'cancelada')]);
  });

  it('bills nothing when the family withdraws before the plan’s job ran', async () => {
    const g = await novaFamilia();
    await aceitar(g);
    // The plan's job held back while the family asks for its code and withdraws.
    await ctx.handle.db
      .update(jobs)
      .set({ executarEm: new Date(ctx.clock.now().getTime() + 86_400_000) })
      .where(eq(jobs.chave, `cobranca_plano:${g.matriculaId}`));
    expect((await desistir(g)).statusCode).toBe(200);
    await ctx.handle.db
      .update(jobs)
      .set({ executarEm: ctx.clock.now() })
      .where(eq(jobs.chave, `cobranca_plano:${g.matriculaId}`));
    await ctx.app.background.drain();
    expect(postsOf(g.matriculaId)).toHaveLength(0);
    expect(await parcelasDe(g.matriculaId)).toHaveLength(0);
  });

  it('closes the payments the plan created at the gateway but never stored (a crash), found by their reference', async () => {
    const { f: h, rows: billed } = await faturada();
    // The plan's local writes of all but the first lost; the gateway holds every payment.
    await ctx.handle.db.delete(parcelas).where(
      inArray(
        parcelas.id,
        billed.slice(1).map((p) => p.id),
      ),
    );
    expect((await desistir(h)).statusCode).toBe(200);
    await ctx.app.background.drain();
    for (const p of billed) {
      expect(deletesOf(p.gatewayId)).toHaveLength(1);
      expect(fake.payments.get(p.gatewayId)!.deleted).toBe(true);
    }
    expect(await statusDe(h.matriculaId)).toEqual(['cancelada']);
  });
});

describe('the cancellation after 7 days', () => {
  let f: Familia;
  let rows: Awaited<ReturnType<typeof parcelasDe>>;
  let preview: CancelamentoPreview;
  // Nine days later: a session signed in now.
  let staff: () => ReturnType<typeof as>;
  beforeAll(async () => {
    ({ f, rows } = await faturada());
    await pagarNoGateway(rows[0]!.gatewayId);
    ctx.clock.advance(9 * 86_400_000);
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.franqueador);
    staff = () => as(ctx.app, { cookie });
  });

  it('computes the fee on what is still unpaid, with the parcelas paid at the gateway', async () => {
    preview = (await staff().get(`/api/matriculas/${f.matriculaId}/cancelamento`)).json();
    expect(preview.situacao).toBe('cancelavel');
    expect(toCentavos(preview.valorPago)).toBe(rows[0]!.valorCentavos);
    expect(toCentavos(preview.valorRestante)).toBe(rows.slice(1).reduce((s, p) => s + p.valorCentavos, 0));
    expect(preview.multa).toBeGreaterThan(0);
  });

  it('cancels the unpaid parcelas at the gateway, keeps the paid one, and bills the fee as one charge the family sees', async () => {
    const response = await staff().post(`/api/matriculas/${f.matriculaId}/cancelar`, {
      motivo: 'A família mudou de cidade',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      postsOf(f.matriculaId).filter((r) => r.body?.externalReference === referenciaDaTaxa(f.matriculaId)),
    ).toHaveLength(0);
    await ctx.app.background.drain();

    const depois = await parcelasDe(f.matriculaId);
    expect(depois.slice(0, rows.length).map((p) => p.status)).toEqual([
      'paga',
      ...rows.slice(1).map(() => 'cancelada'),
    ]);
    expect(refundsOf(rows[0]!.gatewayId)).toHaveLength(0);
    for (const p of rows.slice(1)) expect(deletesOf(p.gatewayId)).toHaveLength(1);

    const taxa = depois.find((p) => p.tipo === 'taxa_cancelamento')!;
    const [taxaJob] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.chave, `cobranca_taxa:${f.matriculaId}`));
    expect(taxaJob, 'the fee job').toMatchObject({ status: 'concluido' });
    expect(taxa).toBeDefined();
    expect(taxa.valorCentavos).toBe(toCentavos(preview.multa!));
    expect(taxa.status).toBe('aberta');
    expect(taxa.vencimento).toBe(addDays(todayInBrasilia(ctx.clock.now()), PRAZO_DA_TAXA_DIAS));
    const posts = postsOf(f.matriculaId).filter((r) => r.body?.externalReference === referenciaDaTaxa(f.matriculaId));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ value: preview.multa, billingType: 'UNDEFINED', dueDate: taxa.vencimento });
    expect(fake.payments.get(taxa.gatewayId)!.customer).toBe(fake.payments.get(rows[0]!.gatewayId)!.customer);

    // The staff's record: the plan's parcelas counted without the fee, the fee named.
    const lista = (await staff().get(`/api/matriculas/${f.matriculaId}/parcelas`)).json<ParcelaItem[]>();
    expect(lista.find((p) => p.id === taxa.id)).toMatchObject({
      tipo: 'taxa_cancelamento',
      totalParcelas: rows.length,
    });
    expect(lista.filter((p) => p.tipo === 'mensalidade').every((p) => p.totalParcelas === rows.length)).toBe(true);
  });

  it('bills the fee once across a crash: the job run again finds the charge by its reference', async () => {
    const [taxa] = await ctx.handle.db
      .select()
      .from(parcelas)
      .where(and(eq(parcelas.matriculaId, f.matriculaId), eq(parcelas.tipo, 'taxa_cancelamento')));
    await ctx.handle.db.delete(parcelas).where(eq(parcelas.id, taxa!.id));
    expect(await cobrarTaxa(ctx.app, f.matriculaId)).toBe(true);
    expect(await cobrarTaxa(ctx.app, f.matriculaId)).toBe(false);
    const posts = postsOf(f.matriculaId).filter((r) => r.body?.externalReference === referenciaDaTaxa(f.matriculaId));
    expect(posts).toHaveLength(1);
    const again = await ctx.handle.db
      .select()
      .from(parcelas)
      .where(and(eq(parcelas.matriculaId, f.matriculaId), like(parcelas.tipo, 'taxa_cancelamento')));
    expect(again).toHaveLength(1);
    expect(again[0]!.gatewayId).toBe(taxa!.gatewayId);
  });

  it('the fee is paid as any parcela, by the gateway’s webhook', async () => {
    const [taxa] = await ctx.handle.db
      .select()
      .from(parcelas)
      .where(and(eq(parcelas.matriculaId, f.matriculaId), eq(parcelas.tipo, 'taxa_cancelamento')));
    await pagarNoGateway(taxa!.gatewayId);
    const [paga] = await ctx.handle.db.select().from(parcelas).where(eq(parcelas.id, taxa!.id));
    expect(paga!.status).toBe('paga');
  });
});
