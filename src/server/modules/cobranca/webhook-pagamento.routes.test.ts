import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { appComAsaasFalso, familias } from '../../../../tests/support/cobranca-familia';
import type { FakeAsaasServer } from '../../../../tests/support/fake-asaas-server';
import {
  auditLog,
  cobrancaEventos,
  comissaoLancamentos,
  comissaoRegras,
  matriculas,
  parcelas,
  royaltyLancamentos,
} from '../../db/schema';
import { todayInBrasilia } from '../../../shared/brasilia';
import { periodoDe } from '../../../shared/comissoes/lancamentos';
import { comissaoPercentual } from '../../../shared/comissoes/regras';

/**
 * Issue 43's bench (ADR 082, 089): a payment by the gateway's webhook writes its parcela's change, its audit row and
 * both ledgers' lines in one statement, after the one that stored the event and locked the parcela. A redelivery
 * writes nothing more; a failure of that statement leaves nothing -- no event, no change, no line, no audit row --
 * and the gateway's retry applies the payment once.
 */

const TOKEN = 'token-do-pagamento-numa-instrucao-0123';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let plano: (typeof parcelas.$inferSelect)[];
const { novaFamilia, aceitar } = familias(() => ctx);
const hoje = todayInBrasilia();

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(TOKEN));
  // The demo's rules in force since last year, and a royalties agreement from today: each payment writes both.
  await ctx.handle.db.update(comissaoRegras).set({ inicio: `${Number(hoje.slice(0, 4)) - 1}-01-01` });
  const f = await novaFamilia();
  const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
  const acordo = await as(ctx.app, 'franqueador').put(`/api/royalties/acordos/${m!.franquiaId}`, {
    royalty: 6,
    fundo: 2,
    inicio: hoje,
    modo: 'fatura',
  });
  expect(acordo.statusCode, acordo.body).toBe(200);
  await aceitar(f);
  await ctx.app.background.drain();
  plano = await ctx.handle.db
    .select()
    .from(parcelas)
    .where(eq(parcelas.matriculaId, f.matriculaId))
    .orderBy(asc(parcelas.numero));
  expect(plano.length).toBeGreaterThanOrEqual(2);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** What a payment leaves behind for a parcela: its status, its events, both ledgers' lines, its audit rows. */
async function rastro(parcelaId: string, eventoId: string) {
  const db = ctx.handle.db;
  const [parcela] = await db.select().from(parcelas).where(eq(parcelas.id, parcelaId));
  return {
    status: parcela!.status,
    pagaEm: parcela!.pagaEm,
    eventos: (await db.select().from(cobrancaEventos).where(eq(cobrancaEventos.eventoId, eventoId))).length,
    comissoes: await db
      .select({
        beneficiario: comissaoLancamentos.beneficiario,
        valorCentavos: comissaoLancamentos.valorCentavos,
        periodo: comissaoLancamentos.periodo,
      })
      .from(comissaoLancamentos)
      .where(eq(comissaoLancamentos.parcelaId, parcelaId))
      .orderBy(asc(comissaoLancamentos.beneficiario)),
    royalties: await db
      .select({
        tipo: royaltyLancamentos.tipo,
        baseCentavos: royaltyLancamentos.baseCentavos,
        royaltyCentavos: royaltyLancamentos.royaltyCentavos,
        fundoCentavos: royaltyLancamentos.fundoCentavos,
        periodo: royaltyLancamentos.periodo,
      })
      .from(royaltyLancamentos)
      .where(eq(royaltyLancamentos.parcelaId, parcelaId)),
    auditoria: (
      await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.acao, 'parcela.status_gateway'), eq(auditLog.entidadeId, parcelaId)))
    ).length,
  };
}

describe('a payment by the webhook, in the statement that pays it', () => {
  it('writes the parcela paid, its ledgers’ lines and one audit row; a redelivery writes nothing more', async () => {
    const p = plano[0]!;
    const pago = fake.pay(p.gatewayId, hoje);
    const primeira = await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_RECEIVED', pago, 'evt_numa_instrucao');
    expect(primeira.status, primeira.body).toBe(200);
    const depois = await rastro(p.id, 'evt_numa_instrucao');
    expect(depois).toMatchObject({ status: 'paga', pagaEm: hoje, eventos: 1, auditoria: 1 });
    expect(depois.comissoes.length).toBeGreaterThan(0);
    expect(depois.comissoes.every((l) => l.periodo === periodoDe(hoje) && l.valorCentavos > 0)).toBe(true);
    expect(depois.royalties).toEqual([
      {
        tipo: 'receita',
        baseCentavos: p.valorCentavos,
        royaltyCentavos: comissaoPercentual(p.valorCentavos, 600),
        fundoCentavos: comissaoPercentual(p.valorCentavos, 200),
        periodo: periodoDe(hoje),
      },
    ]);
    // The same event again, and the payment confirmed under a new id: 200, and nothing more is written.
    const outraVez = await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_RECEIVED', pago, 'evt_numa_instrucao');
    expect(outraVez.status).toBe(200);
    const confirmado = await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_CONFIRMED', pago, 'evt_numa_confirmado');
    expect(confirmado.status).toBe(200);
    expect(await rastro(p.id, 'evt_numa_instrucao')).toEqual(depois);
  });

  it('leaves nothing when that statement fails, and the gateway’s retry applies the payment once', async () => {
    const p = plano[1]!;
    const antes = await rastro(p.id, 'evt_falha_no_meio');
    expect(antes).toMatchObject({ eventos: 0, comissoes: [], royalties: [], auditoria: 0 });
    const pago = fake.pay(p.gatewayId, hoje);
    // The royalties' line refused, as a database failure would refuse it: the commission lines, the parcela's
    // change and its audit row are parts of the same statement.
    await ctx.handle.db.execute(sql`create function falha_no_meio() returns trigger language plpgsql as $$
      begin raise exception 'falha no meio do pagamento'; end $$`);
    await ctx.handle.db.execute(
      sql`create trigger falha_no_meio before insert on ${royaltyLancamentos} for each row execute function falha_no_meio()`,
    );
    try {
      const falhou = await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_RECEIVED', pago, 'evt_falha_no_meio');
      expect(falhou.status).toBe(500);
    } finally {
      await ctx.handle.db.execute(sql`drop trigger falha_no_meio on ${royaltyLancamentos}`);
      await ctx.handle.db.execute(sql`drop function falha_no_meio()`);
    }
    expect(await rastro(p.id, 'evt_falha_no_meio')).toEqual(antes);
    // Asaas delivers it again: applied once.
    const denovo = await fake.sendWebhook(webhookUrl, TOKEN, 'PAYMENT_RECEIVED', pago, 'evt_falha_no_meio');
    expect(denovo.status, denovo.body).toBe(200);
    const depois = await rastro(p.id, 'evt_falha_no_meio');
    expect(depois).toMatchObject({ status: 'paga', pagaEm: hoje, eventos: 1, auditoria: 1 });
    expect(depois.comissoes.length).toBeGreaterThan(0);
    expect(depois.royalties).toHaveLength(1);
  });
});
