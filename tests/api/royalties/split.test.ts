import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { appComAsaasFalso, familias } from '../../support/cobranca-familia';
import type { FakeAsaasServer } from '../../support/fake-asaas-server';
import { franquias, matriculas, parcelas, royaltyAcordos, royaltyFaturas } from '../../../src/server/db/schema';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { comissaoPercentual } from '../../../src/shared/comissoes/regras';
import { proximoPeriodo } from '../../../src/shared/comissoes/lancamentos';
import { toCentavos } from '../../../src/shared/money/parcelas';
import { vencimentoDaFatura } from '../../../src/shared/royalties/extrato';
import type { ExtratoView } from '../../../src/shared/schemas/royalties';

/**
 * Issue 45 (ADR 089) against the fake Asaas: a franquia in `split` mode has each family's payment created with
 * Asaas's `split` [{walletId, percentualValue}] (the fake refuses a malformed one), the gateway's retention on the
 * net value reconciled on the statement to the cent, the mode switched to `fatura` from a month's first day (later
 * payments carry no split), and a closed month's balance billed to the franquia by its CNPJ, due on day 10, paid by
 * the gateway's webhook.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-dos-royalties-0123';
const WALLET = 'a1b2c3d4-0000-4000-8000-00000000f00d';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
const { novaFamilia, aceitar } = familias(() => ctx);
const franqueador = () => as(ctx.app, 'franqueador');
const db = () => ctx.handle.db;

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN, { ROYALTIES_WALLET_ID: WALLET }));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const parcelasDe = (matriculaId: string) =>
  db().select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));
const postsOf = (referencia: string) =>
  fake.received('POST', '/v3/payments').filter((r) => String(r.body?.externalReference).includes(referencia));
const hoje = () => todayInBrasilia(ctx.clock.now());

describe('royalties by split and by fatura, at the gateway', () => {
  let franquiaId: string;

  it('creates each payment of a franquia in split mode with the franqueador’s share, and reconciles it', async () => {
    const f = await novaFamilia();
    const [m] = await db().select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
    franquiaId = m!.franquiaId!;
    const put = await franqueador().put(`/api/royalties/acordos/${franquiaId}`, {
      royalty: 6,
      fundo: 2.5,
      inicio: hoje(),
      modo: 'split',
    });
    expect(put.statusCode, put.body).toBe(200);
    await aceitar(f);
    await ctx.app.background.drain();
    const rows = await parcelasDe(f.matriculaId);
    expect(rows.length).toBeGreaterThan(0);
    const posts = postsOf(f.matriculaId);
    expect(posts).toHaveLength(rows.length);
    for (const p of posts) expect(p.body?.split).toEqual([{ walletId: WALLET, percentualValue: 8.5 }]);
    expect(rows.every((r) => r.royaltySplitCentesimos === 850)).toBe(true);

    // Paid at the gateway: Asaas retains 8,5 % of the net value (the value less its fee), to the cent.
    const pago = fake.pay(rows[0]!.gatewayId, hoje());
    const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', pago);
    expect(sent.status, sent.body).toBe(200);
    const e = (
      await franqueador().get(`/api/royalties/extratos/${franquiaId}/${hoje().slice(0, 7)}`)
    ).json<ExtratoView>();
    const linha = e.linhas.find((l) => l.parcelaId === rows[0]!.id)!;
    const valor = rows[0]!.valorCentavos;
    expect(toCentavos(linha.retido)).toBe(comissaoPercentual(toCentavos(pago.netValue), 850));
    expect(toCentavos(linha.royalty)).toBe(comissaoPercentual(valor, 600));
    expect(toCentavos(linha.fundo)).toBe(comissaoPercentual(valor, 250));
    expect(linha.split).toBe(8.5);
    expect(e.modo).toBe('split');
    // What the split retained and the balance the fatura would collect add up to what the agreement asks.
    expect(toCentavos(e.retido) + toCentavos(e.saldo)).toBe(toCentavos(e.pedido));
    expect(toCentavos(e.saldo)).toBeGreaterThan(0);
  });

  it('switches to fatura from a month’s first day: payments due from then on carry no split', async () => {
    const inicio = `${proximoPeriodo(proximoPeriodo(hoje().slice(0, 7)))}-01`;
    const put = await franqueador().put(`/api/royalties/acordos/${franquiaId}`, {
      royalty: 6,
      fundo: 2.5,
      inicio,
      modo: 'fatura',
    });
    expect(put.statusCode, put.body).toBe(200);
    const f = await novaFamilia();
    await aceitar(f);
    await ctx.app.background.drain();
    const rows = await parcelasDe(f.matriculaId);
    const posts = postsOf(f.matriculaId);
    expect(rows.some((r) => r.vencimento < inicio) && rows.some((r) => r.vencimento >= inicio)).toBe(true);
    for (const r of rows) {
      const post = posts.find((p) => p.body?.externalReference === `parcela:${f.matriculaId}:${r.numero}`)!;
      if (r.vencimento < inicio) {
        expect(post.body?.split).toEqual([{ walletId: WALLET, percentualValue: 8.5 }]);
        expect(r.royaltySplitCentesimos).toBe(850);
      } else {
        expect(post.body?.split).toBeUndefined();
        expect(r.royaltySplitCentesimos).toBeNull();
      }
    }
  });

  it('bills a closed month’s balance to the franquia by its CNPJ, due on day 10, paid through the webhook', async () => {
    const [franquia] = await db().select().from(franquias).where(eq(franquias.id, franquiaId));
    // Fatura mode since long ago, with a minimum; a parcela paid last month (its line under that version).
    await db().insert(royaltyAcordos).values({
      franqueadorId: franquia!.franqueadorId,
      franquiaId,
      royaltyCentesimos: 600,
      fundoCentesimos: 250,
      minimoCentavos: 50_000,
      inicio: '2000-01-01',
      modo: 'fatura',
    });
    const [m] = await db().select().from(matriculas).where(eq(matriculas.franquiaId, franquiaId));
    const [ano, mes] = hoje().split('-').map(Number) as [number, number];
    const anterior = mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
    await gravarParcela(
      db(),
      {
        matriculaId: m!.id,
        numero: 900,
        valorCentavos: 100_000,
        vencimento: `${anterior}-05`,
        provedor: 'asaas',
        gatewayId: 'pay_roy_anterior',
        invoiceUrl: null,
        bankSlipUrl: null,
        pixCopiaECola: null,
      },
      ctx.clock.now(),
    );
    await db().transaction((tx) =>
      aplicarEventoNa(
        tx,
        'asaas',
        {
          id: 'evt_roy_anterior',
          event: 'PAYMENT_RECEIVED',
          payment: { id: 'pay_roy_anterior', paymentDate: `${anterior}-06`, netValue: 998.01 },
        },
        ctx.clock.now(),
      ),
    );
    const fechou = await franqueador().post(`/api/royalties/extratos/${franquiaId}/${anterior}/fechar`);
    expect(fechou.statusCode, fechou.body).toBe(201);
    const e = fechou.json<ExtratoView>();
    // 6 % of 1.000,00 is 60,00, below the minimum of 500,00: 440,00 of adjustment; fundo 25,00.
    expect([e.royalty, e.ajusteMinimo, e.fundo, e.retido, e.saldo]).toEqual([60, 440, 25, 0, 525]);
    await ctx.app.background.drain();
    const [fatura] = await db().select().from(royaltyFaturas).where(eq(royaltyFaturas.franquiaId, franquiaId));
    expect(fatura).toMatchObject({ status: 'aberta', provedor: 'asaas', valorCentavos: 52_500 });
    const [post] = postsOf(`royalties:${fatura!.id}`);
    expect(post!.body).toMatchObject({ value: 525, dueDate: vencimentoDaFatura(anterior, hoje()) });
    expect(post!.body?.split).toBeUndefined();
    expect(post!.body?.dueDate).toMatch(/-10$/);
    const cliente = fake.customers.get(String(post!.body?.customer))!;
    expect(cliente.cpfCnpj).toBe(franquia!.cnpj.replace(/\D/g, ''));

    const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(fatura!.gatewayId!));
    expect(sent.status, sent.body).toBe(200);
    const depois = (await franqueador().get(`/api/royalties/extratos/${franquiaId}/${anterior}`)).json<ExtratoView>();
    expect(depois.fatura).toMatchObject({ status: 'paga', valor: 525 });
  });
});
