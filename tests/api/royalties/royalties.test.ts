import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import {
  auditLog,
  franquias,
  matriculas,
  parcelas,
  royaltyAcordos,
  royaltyFaturas,
  royaltyFechamentos,
  royaltyLancamentos,
  sacTickets,
  users,
} from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { fecharMesAnterior, lancarRoyalties } from '../../../src/server/modules/royalties';
import { addDays, todayInBrasilia } from '../../../src/shared/brasilia';
import { vencimentoDaFatura } from '../../../src/shared/royalties/extrato';
import {
  type AcordoFranquiaView,
  type ContestacaoView,
  type ExtratoView,
  type ExtratosView,
  ROYALTY_MESSAGES,
} from '../../../src/shared/schemas/royalties';

/**
 * Issue 45 (ADR 089): royalties and fundo de propaganda end to end on the demo network -- the agreements (versions,
 * who writes and reads them), the ledger written by the webhook's own path (the agreement in force on the day paid,
 * a mode switch at a month boundary, the split retained on the net value), the statement and its minimum, the
 * network's total, a closing (frozen: a late payment and a late refund land in a later month; the database refuses
 * changes), its charge to the franquia and the gateway's event on it, the job on the 1st, a contest through the SAC
 * and every reader's scope.
 */

let ctx: TestContext;
let sp: { id: string; franqueadorId: string };
let mg: { id: string; franqueadorId: string };
let matSp: string;
let matMg: string;
let numero = 500;
let seq = 0;

/** The period `n` months before this one ('AAAA-MM'). */
function mes(n: number): string {
  const [ano, m] = todayInBrasilia(ctx.clock.now()).split('-').map(Number) as [number, number];
  const total = ano * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const db = () => ctx.handle.db;
const franqueador = () => as(ctx.app, 'franqueador');
const franquia = () => as(ctx.app, 'franquia');

/** An agreement's version written as it was in force months ago (the route takes only today or later). */
async function acordo(
  f: { id: string; franqueadorId: string },
  v: { royalty: number; fundo: number; minimo?: number | null; inicio: string; modo: 'fatura' | 'split' },
) {
  await db()
    .insert(royaltyAcordos)
    .values({
      franqueadorId: f.franqueadorId,
      franquiaId: f.id,
      royaltyCentesimos: v.royalty,
      fundoCentesimos: v.fundo,
      minimoCentavos: v.minimo ?? null,
      inicio: v.inicio,
      modo: v.modo,
    });
}

/** A parcela of the matrícula, billed (with the split its payment carries, if any). */
async function novaParcela(matriculaId: string, valorCentavos: number, split: number | null = null) {
  const n = ++numero;
  const gatewayId = `pay_sim_roy_${n}`;
  await gravarParcela(
    db(),
    {
      matriculaId,
      numero: n,
      valorCentavos,
      vencimento: `${mes(0)}-28`,
      provedor: 'simulado',
      gatewayId,
      invoiceUrl: null,
      bankSlipUrl: null,
      pixCopiaECola: null,
      royaltySplitCentesimos: split,
    },
    ctx.clock.now(),
  );
  const [row] = await db()
    .select({ id: parcelas.id })
    .from(parcelas)
    .where(and(eq(parcelas.provedor, 'simulado'), eq(parcelas.gatewayId, gatewayId)));
  return { id: row!.id, gatewayId };
}

/** The gateway's event, applied as the webhook applies it. */
function evento(gatewayId: string, tipo: string, dia: string, netValue: number | null = null, id = `evt_roy_${++seq}`) {
  return db().transaction((tx) =>
    aplicarEventoNa(
      tx,
      'simulado',
      { id, event: tipo, payment: { id: gatewayId, paymentDate: dia, netValue } },
      ctx.clock.now(),
    ),
  );
}

const extrato = async (franquiaId: string, m: string, caller = franqueador()) => {
  const response = await caller.get(`/api/royalties/extratos/${franquiaId}/${m}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExtratoView>();
};

/** A statement's figures without its lines and charge (what a closing freezes). */
const figuras = (e: ExtratoView) => ({
  bruto: e.bruto,
  estornos: e.estornos,
  base: e.base,
  royalty: e.royalty,
  fundo: e.fundo,
  minimo: e.minimo,
  ajusteMinimo: e.ajusteMinimo,
  pedido: e.pedido,
  retido: e.retido,
  saldo: e.saldo,
  lancamentos: e.lancamentos,
});

beforeAll(async () => {
  ctx = await createTestApp();
  const [dela] = await db()
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.franquia));
  sp = dela!;
  const [outra] = await db()
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .where(and(eq(franquias.franqueadorId, sp.franqueadorId), sql`${franquias.id} <> ${sp.id}`));
  mg = outra!;
  const [m1] = await db().select({ id: matriculas.id }).from(matriculas).where(eq(matriculas.franquiaId, sp.id));
  const [m2] = await db().select({ id: matriculas.id }).from(matriculas).where(eq(matriculas.franquiaId, mg.id));
  matSp = m1!.id;
  matMg = m2!.id;
});
afterAll(() => ctx.close());

describe('the agreements', () => {
  it('takes a new version from today on, audited, and refuses a past start, a repeated one and more than 100 %', async () => {
    const hoje = todayInBrasilia(ctx.clock.now());
    const body = { royalty: 6.5, fundo: 2, minimo: 300, inicio: addDays(hoje, 40), modo: 'fatura' };
    const response = await franqueador().put(`/api/royalties/acordos/${sp.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<AcordoFranquiaView>();
    const nova = view.versoes.find((v) => v.inicio === body.inicio)!;
    expect(nova).toMatchObject({ royalty: 6.5, fundo: 2, minimo: 300, modo: 'fatura', franquiaId: sp.id });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.entidadeId, nova.id));
    expect(row).toMatchObject({ acao: 'royalty_acordo.criar', entidade: 'royalty_acordo', franquiaId: sp.id });

    const repetida = await franqueador().put(`/api/royalties/acordos/${sp.id}`, body);
    expect([repetida.statusCode, repetida.json<{ message: string }>().message]).toEqual([
      409,
      ROYALTY_MESSAGES.versaoRepetida,
    ]);
    const passada = await franqueador().put(`/api/royalties/acordos/${sp.id}`, { ...body, inicio: addDays(hoje, -1) });
    expect(passada.statusCode).toBe(400);
    expect(passada.json<{ errors: Record<string, string> }>().errors.inicio).toBe(ROYALTY_MESSAGES.inicioNoPassado);
    const demais = await franqueador().put(`/api/royalties/acordos/${sp.id}`, { ...body, royalty: 60, fundo: 50 });
    expect(demais.statusCode).toBe(400);
    expect(demais.json<{ errors: Record<string, string> }>().errors.fundo).toBe(ROYALTY_MESSAGES.somaAcimaDe100);
  });

  it('is written by the franqueador alone and read by the franquia for itself only', async () => {
    const hoje = todayInBrasilia(ctx.clock.now());
    const body = { royalty: 5, fundo: 1, inicio: addDays(hoje, 50), modo: 'fatura' };
    expect((await franquia().put(`/api/royalties/acordos/${sp.id}`, body)).statusCode).toBe(403);
    expect((await franquia().get(`/api/royalties/acordos/${sp.id}`)).statusCode).toBe(200);
    expect((await franquia().get(`/api/royalties/acordos/${mg.id}`)).statusCode).toBe(404);
    const daFranquia = (await franquia().get('/api/royalties/acordos')).json<AcordoFranquiaView[]>();
    expect(daFranquia.map((a) => a.franquiaId)).toEqual([sp.id]);
    const daRede = (await franqueador().get('/api/royalties/acordos')).json<AcordoFranquiaView[]>();
    expect(daRede.map((a) => a.franquiaId).sort()).toEqual([sp.id, mg.id].sort());
  });
});

describe('the monthly statement', () => {
  let a: { id: string; gatewayId: string };
  let fechadoEm3: ExtratoView;

  beforeAll(async () => {
    // SP: fatura with a minimum of R$ 100,00 four months ago; split (no minimum) from two months ago, the 1st.
    await acordo(sp, { royalty: 500, fundo: 200, minimo: 10_000, inicio: `${mes(4)}-01`, modo: 'fatura' });
    await acordo(sp, { royalty: 500, fundo: 200, inicio: `${mes(2)}-01`, modo: 'split' });
    await acordo(mg, { royalty: 400, fundo: 100, inicio: `${mes(4)}-01`, modo: 'fatura' });
    a = await novaParcela(matSp, 100_000);
    const b = await novaParcela(matSp, 33_333);
    const c = await novaParcela(matSp, 50_000, 700);
    const d = await novaParcela(matMg, 20_000);
    const antes = await novaParcela(matSp, 40_000);
    expect(await evento(a.gatewayId, 'PAYMENT_RECEIVED', `${mes(3)}-15`)).toBe('aplicado');
    expect(await evento(b.gatewayId, 'PAYMENT_RECEIVED', `${mes(3)}-20`)).toBe('aplicado');
    expect(await evento(c.gatewayId, 'PAYMENT_RECEIVED', `${mes(2)}-10`, 498.01)).toBe('aplicado');
    expect(await evento(d.gatewayId, 'PAYMENT_RECEIVED', `${mes(3)}-05`)).toBe('aplicado');
    // Paid before any agreement: no line.
    expect(await evento(antes.gatewayId, 'PAYMENT_RECEIVED', `${mes(5)}-05`)).toBe('aplicado');
  });

  it('rounds each line once and brings the royalty up to the minimum', async () => {
    const e = await extrato(sp.id, mes(3));
    expect(e.status).toBe('aberto');
    expect(e.modo).toBe('fatura');
    // 1.000,00 and 333,33: royalty 50,00 + 16,67 (16,6665); fundo 20,00 + 6,67 (6,6666).
    expect(figuras(e)).toEqual({
      bruto: 1333.33,
      estornos: 0,
      base: 1333.33,
      royalty: 66.67,
      fundo: 26.67,
      minimo: 100,
      ajusteMinimo: 33.33,
      pedido: 126.67,
      retido: 0,
      saldo: 126.67,
      lancamentos: 2,
    });
    expect(e.linhas.map((l) => [l.base, l.royalty, l.fundo, l.retido])).toEqual([
      [1000, 50, 20, 0],
      [333.33, 16.67, 6.67, 0],
    ]);
    expect(e.linhas[0]!.parcelaId).toBe(a.id);
    expect((await extrato(sp.id, mes(5))).lancamentos).toBe(0);
  });

  it('switches to split at the month boundary and shows what the gateway retained on the net value', async () => {
    const e = await extrato(sp.id, mes(2));
    expect(e.modo).toBe('split');
    // 500,00 paid, 498,01 net: 7 % retained on the net is 34,86; the agreement asks 25,00 + 10,00.
    expect(e.linhas.map((l) => [l.base, l.royalty, l.fundo, l.split, l.retido])).toEqual([[500, 25, 10, 7, 34.86]]);
    expect([e.pedido, e.retido, e.saldo, e.ajusteMinimo]).toEqual([35, 34.86, 0.14, 0]);
    expect(Math.round(e.retido * 100) + Math.round(e.saldo * 100)).toBe(Math.round(e.pedido * 100));
  });

  it('totals the network as the sum of its franquias, and shows a franquia only its own', async () => {
    const rede = (await franqueador().get(`/api/royalties/extratos?mes=${mes(3)}`)).json<ExtratosView>();
    expect(rede.itens.map((i) => i.franquiaId).sort()).toEqual([sp.id, mg.id].sort());
    const mgItem = rede.itens.find((i) => i.franquiaId === mg.id)!;
    expect([mgItem.royalty, mgItem.fundo, mgItem.saldo]).toEqual([8, 2, 10]);
    for (const k of ['bruto', 'royalty', 'fundo', 'ajusteMinimo', 'pedido', 'retido', 'saldo'] as const) {
      expect(Math.round(rede.total[k] * 100)).toBe(rede.itens.reduce((s, i) => s + Math.round(i[k] * 100), 0));
    }
    const propria = (await franquia().get(`/api/royalties/extratos?mes=${mes(3)}`)).json<ExtratosView>();
    expect(propria.itens.map((i) => i.franquiaId)).toEqual([sp.id]);
    expect((await franquia().get(`/api/royalties/extratos/${mg.id}/${mes(3)}`)).statusCode).toBe(404);
    expect((await franquia().post(`/api/royalties/extratos/${sp.id}/${mes(3)}/fechar`)).statusCode).toBe(403);
    const invalido = await franqueador().get('/api/royalties/extratos?mes=2026-13');
    expect([invalido.statusCode, invalido.json<{ message: string }>().message]).toEqual([400, ROYALTY_MESSAGES.mes]);
  });

  it("pages a month's lines as the lists do, and answers every line to a client that asks for no page", async () => {
    const todas = await extrato(sp.id, mes(3));
    expect(todas.linhas.length).toBeGreaterThanOrEqual(2);
    expect([todas.total, todas.page, todas.pageSize]).toEqual([todas.linhas.length, 1, null]);
    expect(todas.total).toBe(todas.lancamentos);

    const segunda = await franqueador().get(`/api/royalties/extratos/${sp.id}/${mes(3)}?page=2&pageSize=1`);
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.headers['x-total-count']).toBe(String(todas.total));
    const pagina = segunda.json<ExtratoView>();
    expect(pagina.linhas.map((l) => l.id)).toEqual([todas.linhas[1]!.id]);
    expect([pagina.total, pagina.page, pagina.pageSize]).toEqual([todas.total, 2, 1]);
    // The page changes the lines only: the statement's figures are the month's.
    expect(figuras(pagina)).toEqual(figuras(todas));
    // A page alone takes the lists' default size; a page past the end is empty, not an error.
    expect(
      (await franqueador().get(`/api/royalties/extratos/${sp.id}/${mes(3)}?page=1`)).json<ExtratoView>().pageSize,
    ).toBe(50);
    expect(
      (await franqueador().get(`/api/royalties/extratos/${sp.id}/${mes(3)}?page=99&pageSize=10`)).json<ExtratoView>()
        .linhas,
    ).toEqual([]);

    for (const q of ['pageSize=0', 'pageSize=501', 'page=0', 'page=abc']) {
      const ruim = await franqueador().get(`/api/royalties/extratos/${sp.id}/${mes(3)}?${q}`);
      expect(ruim.statusCode, q).toBe(400);
      expect(ruim.json<{ message: string }>().message).toMatch(/Página deve ser|Tamanho da página deve ser/);
    }
  });

  it('closes an ended month once, charges its balance on day 10 and refuses the month still running', async () => {
    const aberto = await franqueador().post(`/api/royalties/extratos/${sp.id}/${mes(0)}/fechar`);
    expect([aberto.statusCode, aberto.json<{ message: string }>().message]).toEqual([
      400,
      ROYALTY_MESSAGES.mesEmAberto,
    ]);
    const response = await franqueador().post(`/api/royalties/extratos/${sp.id}/${mes(3)}/fechar`);
    expect(response.statusCode, response.body).toBe(201);
    fechadoEm3 = response.json<ExtratoView>();
    expect(fechadoEm3.status).toBe('fechado');
    expect(fechadoEm3.saldo).toBe(126.67);
    expect(fechadoEm3.fatura).toMatchObject({
      valor: 126.67,
      status: 'pendente',
      vencimento: vencimentoDaFatura(mes(3), todayInBrasilia(ctx.clock.now())),
    });
    const denovo = await franqueador().post(`/api/royalties/extratos/${sp.id}/${mes(3)}/fechar`);
    expect([denovo.statusCode, denovo.json<{ message: string }>().message]).toEqual([409, ROYALTY_MESSAGES.jaFechado]);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'royalty_fechamento.fechar'), eq(auditLog.franquiaId, sp.id)));
    expect(row).toBeTruthy();

    // The charge's job creates the payment at the gateway; the gateway's event pays it.
    await ctx.app.background.drain();
    const [fatura] = await db().select().from(royaltyFaturas).where(eq(royaltyFaturas.franquiaId, sp.id));
    expect(fatura).toMatchObject({ status: 'aberta', provedor: 'simulado', valorCentavos: 12_667 });
    const hoje = todayInBrasilia(ctx.clock.now());
    expect(await evento(fatura!.gatewayId!, 'PAYMENT_RECEIVED', hoje)).toBe('aplicado');
    const pago = await extrato(sp.id, mes(3));
    expect(pago.fatura).toMatchObject({ status: 'paga', pagaEm: hoje });
    expect(figuras(pago)).toEqual(figuras(fechadoEm3));
    const trilha = await db()
      .select({ acao: auditLog.acao, usuarioId: auditLog.usuarioId })
      .from(auditLog)
      .where(eq(auditLog.entidadeId, fatura!.id));
    expect(trilha.map((t) => t.acao).sort()).toEqual(['royalty_fatura.emitir', 'royalty_fatura.status_gateway']);
    expect(trilha.every((t) => t.usuarioId === null)).toBe(true);
  });

  it("a chargeback of the franquia's payment refunds the charge while open, and a dispute won pays it again", async () => {
    const [fatura] = await db().select().from(royaltyFaturas).where(eq(royaltyFaturas.franquiaId, sp.id));
    const pagaEm = fatura!.pagaEm;
    const hoje = todayInBrasilia(ctx.clock.now());
    expect(await evento(fatura!.gatewayId!, 'PAYMENT_CHARGEBACK_REQUESTED', hoje)).toBe('aplicado');
    expect((await extrato(sp.id, mes(3))).fatura).toMatchObject({ status: 'estornada' });
    const [aberto] = await db().select().from(royaltyFaturas).where(eq(royaltyFaturas.id, fatura!.id));
    expect(aberto).toMatchObject({ status: 'estornada', chargebackEm: hoje });
    // The same notice again, or the dispute opened after it, changes nothing.
    expect(await evento(fatura!.gatewayId!, 'PAYMENT_CHARGEBACK_DISPUTE', hoje)).toBe('ignorado');
    // Won: the acquirer's reversal is awaited, and the charge reads paid again, on the day it was first paid.
    expect(await evento(fatura!.gatewayId!, 'PAYMENT_AWAITING_CHARGEBACK_REVERSAL', hoje)).toBe('aplicado');
    expect((await extrato(sp.id, mes(3))).fatura).toMatchObject({ status: 'paga', pagaEm });
    const [ganho] = await db().select().from(royaltyFaturas).where(eq(royaltyFaturas.id, fatura!.id));
    expect(ganho!.chargebackEm).toBeNull();
    expect(await evento(fatura!.gatewayId!, 'PAYMENT_RECEIVED', hoje)).toBe('ignorado');
    const trilha = await db()
      .select({ alteracoes: auditLog.alteracoes })
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, fatura!.id), eq(auditLog.acao, 'royalty_fatura.status_gateway')));
    // Every move the gateway made, each audited as its own (in any order: one clock, one instant).
    expect(trilha.map((t) => (t.alteracoes as { status: string[] }).status.join(' -> ')).sort()).toEqual([
      'aberta -> paga',
      'estornada -> paga',
      'paga -> estornada',
    ]);
  });

  it('never changes a closed month: a late payment and a late refund land in later months', async () => {
    const tarde = await novaParcela(matSp, 10_000);
    expect(await evento(tarde.gatewayId, 'PAYMENT_RECEIVED', `${mes(3)}-28`)).toBe('aplicado');
    expect(await evento(a.gatewayId, 'PAYMENT_REFUNDED', todayInBrasilia(ctx.clock.now()))).toBe('aplicado');
    expect(figuras(await extrato(sp.id, mes(3)))).toEqual(figuras(fechadoEm3));
    // The late payment: the next open month, under the agreement in force on the day it was paid (fatura, 5 %).
    expect((await extrato(sp.id, mes(2))).linhas.find((l) => l.parcelaId === tarde.id)).toMatchObject({
      tipo: 'receita',
      base: 100,
      royalty: 5,
      fundo: 2,
      retido: 0,
    });
    // The refund: this month, negative, the receita's figures negated.
    const agora = await extrato(sp.id, mes(0));
    expect(agora.linhas.find((l) => l.parcelaId === a.id)).toMatchObject({
      tipo: 'estorno',
      base: -1000,
      royalty: -50,
      fundo: -20,
    });
    expect(agora.estornos).toBe(-1000);
    // Delivered again (a new event id) or written again by hand: nothing more.
    expect(await evento(a.gatewayId, 'PAYMENT_RECEIVED', `${mes(3)}-15`)).toBe('ignorado');
    expect(await db().transaction((tx) => lancarRoyalties(tx, a.id))).toBe(0);
    const linhasDeA = await db().select().from(royaltyLancamentos).where(eq(royaltyLancamentos.parcelaId, a.id));
    expect(linhasDeA.map((l) => l.tipo).sort()).toEqual(['estorno', 'receita']);
  });

  it('is refused by the database any change to a line or a closed month', async () => {
    await expect(db().execute(sql`update ${royaltyLancamentos} set royalty_centavos = 0`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ${royaltyFechamentos}`)).rejects.toThrow();
    await expect(db().execute(sql`update ${royaltyFechamentos} set saldo_centavos = 0`)).rejects.toThrow();
    const [linha] = await db().select().from(royaltyLancamentos).where(eq(royaltyLancamentos.franquiaId, sp.id));
    await expect(
      db()
        .insert(royaltyLancamentos)
        .values({
          ...linha!,
          id: undefined,
          tipo: 'estorno',
          baseCentavos: -1,
          royaltyCentavos: 0,
          fundoCentavos: 0,
          retidoCentavos: 0,
          periodo: mes(3),
        }),
    ).rejects.toThrow();
  });

  it('closes the month before for every franquia with an agreement, by the job on the 1st, once', async () => {
    const fechados = await fecharMesAnterior(ctx.app);
    expect(fechados).toBe(2);
    expect(await fecharMesAnterior(ctx.app)).toBe(0);
    const rede = (await franqueador().get(`/api/royalties/extratos?mes=${mes(1)}`)).json<ExtratosView>();
    expect(rede.itens.every((i) => i.status === 'fechado')).toBe(true);
    const [row] = await db()
      .select({ usuarioId: auditLog.usuarioId })
      .from(auditLog)
      .innerJoin(royaltyFechamentos, eq(royaltyFechamentos.id, auditLog.entidadeId))
      .where(and(eq(auditLog.acao, 'royalty_fechamento.fechar'), eq(royaltyFechamentos.periodo, mes(1))));
    expect(row!.usuarioId).toBeNull();
  });

  it('lets the franquia contest a line: a SAC ticket linked to it, its status on the statement', async () => {
    const e = await extrato(sp.id, mes(3), franquia());
    const linha = e.linhas[1]!;
    const url = `/api/royalties/extratos/${sp.id}/${mes(3)}/linhas/${linha.id}/contestar`;
    const curto = await franquia().post(url, { motivo: 'curto' });
    expect([curto.statusCode, curto.json<{ errors: Record<string, string> }>().errors.motivo]).toEqual([
      400,
      ROYALTY_MESSAGES.motivo,
    ]);
    const response = await franquia().post(url, { motivo: 'Esta parcela foi paga em outro mês, confira.' });
    expect(response.statusCode, response.body).toBe(201);
    const c = response.json<ContestacaoView>();
    const [ticket] = await db().select().from(sacTickets).where(eq(sacTickets.id, c.ticketId));
    expect(ticket).toMatchObject({ franquiaId: sp.id, status: 'em_andamento', departamento: 'administrativo' });
    expect(ticket!.descricao).toContain('Esta parcela foi paga em outro mês');
    expect((await franquia().post(url, { motivo: 'De novo a mesma linha, por favor.' })).statusCode).toBe(409);
    const outraLinha = (await extrato(mg.id, mes(3))).linhas[0]!;
    const alheia = await franquia().post(
      `/api/royalties/extratos/${mg.id}/${mes(3)}/linhas/${outraLinha.id}/contestar`,
      { motivo: 'Uma linha de outra franquia.' },
    );
    expect(alheia.statusCode).toBe(404);
    const noMesErrado = await franquia().post(
      `/api/royalties/extratos/${sp.id}/${mes(2)}/linhas/${linha.id}/contestar`,
      { motivo: 'A linha não é deste mês.' },
    );
    expect(noMesErrado.statusCode).toBe(404);

    // The franqueador answers the ticket: the statement shows the outcome.
    const resposta = await franqueador().patch(`/api/sac/tickets/${c.ticketId}`, {
      status: 'concluido',
      resolucao: 'Conferido: a parcela foi paga no mês do extrato.',
    });
    expect(resposta.statusCode, resposta.body).toBe(200);
    const depois = await extrato(sp.id, mes(3), franquia());
    expect(depois.linhas[1]!.contestacao).toMatchObject({ ticketId: c.ticketId, ticketStatus: 'concluido' });
    expect(depois.linhas[0]!.contestacao).toBeNull();
    const [trilha] = await db().select().from(auditLog).where(eq(auditLog.entidadeId, c.id));
    expect(trilha).toMatchObject({ acao: 'royalty_linha.contestar', franquiaId: sp.id });
  });
});
