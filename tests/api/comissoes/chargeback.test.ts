import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import { appComAsaasFalso, familias } from '../../support/cobranca-familia';
import type { FakeAsaasServer, FaseDoChargeback } from '../../support/fake-asaas-server';
import {
  auditLog,
  comissaoLancamentos,
  comissaoRegras,
  matriculas,
  parcelas,
  royaltyLancamentos,
} from '../../../src/server/db/schema';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { comissaoPercentual } from '../../../src/shared/comissoes/regras';
import { fromCentavos } from '../../../src/shared/money/parcelas';
import type { FechamentoView, LancamentoView } from '../../../src/shared/schemas/comissao';

/**
 * Issue 44 (ADR 093) against the fake Asaas: a chargeback on a paid parcela (the card's bank taking the payment
 * back) reverses its commission lines -- and its royalties line -- as a refund does, once however often the gateway
 * repeats it; the reversal lands in the month the chargeback arrived, or the next open one when that month is
 * closed, never editing a closed month; a dispute won writes the lines again as new lines, a dispute lost ends it.
 */

const WEBHOOK_TOKEN = 'token-do-webhook-do-chargeback-0123';
let ctx: TestContext;
let fake: FakeAsaasServer;
let webhookUrl: string;
let plano: (typeof parcelas.$inferSelect)[];
let franquiaId: string;
const { novaFamilia, aceitar } = familias(() => ctx);
const franqueador = () => as(ctx.app, 'franqueador');
const db = () => ctx.handle.db;

/** The period `n` months before this one ('AAAA-MM'). */
function mes(n: number): string {
  const [ano, m] = todayInBrasilia().split('-').map(Number) as [number, number];
  const total = ano * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const linhasDa = (parcelaId: string) =>
  db()
    .select()
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.parcelaId, parcelaId))
    .orderBy(asc(comissaoLancamentos.ciclo), asc(comissaoLancamentos.createdAt), asc(comissaoLancamentos.beneficiario));

const royaltiesDa = (parcelaId: string) =>
  db()
    .select()
    .from(royaltyLancamentos)
    .where(eq(royaltyLancamentos.parcelaId, parcelaId))
    .orderBy(asc(royaltyLancamentos.ciclo), asc(royaltyLancamentos.createdAt));

const parcela = async (id: string) => (await db().select().from(parcelas).where(eq(parcelas.id, id)))[0]!;

const somaDoPeriodo = async (periodo: string) => {
  const [row] = await db()
    .select({
      total: sql<number>`coalesce(sum(${comissaoLancamentos.valorCentavos}), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(comissaoLancamentos)
    .where(eq(comissaoLancamentos.periodo, periodo));
  return { total: Number(row!.total), n: Number(row!.n) };
};

async function pagar(p: { gatewayId: string }, dia: string) {
  const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_RECEIVED', fake.pay(p.gatewayId, dia));
  expect(sent.status, sent.body).toBe(200);
}

async function chargeback(p: { gatewayId: string }, fase: FaseDoChargeback, id?: string) {
  const { event, payment } = fake.chargeback(p.gatewayId, fase);
  const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, event, payment, id);
  expect(sent.status, sent.body).toBe(200);
}

/** Each beneficiary's net on the parcela: what it is owed for it now. */
const liquido = (linhas: { beneficiario: string; valorCentavos: number }[]) => {
  const porBeneficiario = new Map<string, number>();
  for (const l of linhas)
    porBeneficiario.set(l.beneficiario, (porBeneficiario.get(l.beneficiario) ?? 0) + l.valorCentavos);
  return Object.fromEntries([...porBeneficiario].sort());
};

beforeAll(async () => {
  ({ ctx, fake, webhookUrl } = await appComAsaasFalso(WEBHOOK_TOKEN));
  // The demo's network rule (5 % to the vendedor) from a year back, and 10 % to the franquia.
  await db()
    .update(comissaoRegras)
    .set({ inicio: `${mes(12)}-01` });
  const regra = await franqueador().post('/api/comissoes/regras', {
    beneficiario: 'franquia',
    tipo: 'percentual',
    percentual: 10,
    inicio: `${mes(12)}-01`,
  });
  expect(regra.statusCode, regra.body).toBe(201);
  const f = await novaFamilia();
  const [m] = await db().select().from(matriculas).where(eq(matriculas.id, f.matriculaId));
  franquiaId = m!.franquiaId!;
  const acordo = await franqueador().put(`/api/royalties/acordos/${franquiaId}`, {
    royalty: 6,
    fundo: 2,
    inicio: todayInBrasilia(),
    modo: 'fatura',
  });
  expect(acordo.statusCode, acordo.body).toBe(200);
  await aceitar(f);
  await ctx.app.background.drain();
  plano = await db()
    .select()
    .from(parcelas)
    .where(eq(parcelas.matriculaId, f.matriculaId))
    .orderBy(asc(parcelas.numero));
  expect(plano.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('a chargeback on a paid parcela, in an open month', () => {
  it('reverses each commission line and the royalties line once, in the month it arrived, audited', async () => {
    const p = plano[0]!;
    await pagar(p, todayInBrasilia());
    const creditos = await linhasDa(p.id);
    expect(creditos.map((l) => l.beneficiario).sort()).toEqual(['franquia', 'vendedor']);
    expect(creditos.find((l) => l.beneficiario === 'franquia')!.valorCentavos).toBe(
      comissaoPercentual(p.valorCentavos, 1000),
    );

    await chargeback(p, 'requested', 'evt_chargeback_1');
    const depois = await parcela(p.id);
    expect(depois.status).toBe('estornada');
    expect(depois.chargebackEm).toBe(todayInBrasilia());
    expect(depois.pagaEm).toBe(p.pagaEm ?? todayInBrasilia());
    const linhas = await linhasDa(p.id);
    const estornos = linhas.filter((l) => l.tipo === 'estorno');
    expect(estornos).toHaveLength(2);
    for (const c of creditos) {
      const e = estornos.find((l) => l.beneficiario === c.beneficiario)!;
      expect([e.valorCentavos, e.periodo, e.ciclo]).toEqual([-c.valorCentavos, mes(0), 0]);
    }
    expect(liquido(linhas)).toEqual({ franquia: 0, vendedor: 0 });
    const royalties = await royaltiesDa(p.id);
    expect(royalties.map((r) => [r.tipo, r.royaltyCentavos + r.fundoCentavos])).toEqual([
      ['receita', royalties[0]!.royaltyCentavos + royalties[0]!.fundoCentavos],
      ['estorno', -(royalties[0]!.royaltyCentavos + royalties[0]!.fundoCentavos)],
    ]);

    // What the franqueador reads: the reversals, estornada, in this month's lines.
    const lista = (
      await franqueador().get(`/api/comissoes/lancamentos?periodo=${mes(0)}&estado=estornada&pageSize=100`)
    ).json<LancamentoView[]>();
    expect(
      lista
        .filter((l) => l.parcelaId === p.id)
        .map((l) => l.valor)
        .sort(),
    ).toEqual(estornos.map((e) => fromCentavos(e.valorCentavos)).sort());
    const trilha = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'parcela.status_gateway'), eq(auditLog.entidadeId, p.id)));
    expect(trilha.at(-1)!.alteracoes).toMatchObject({
      status: ['paga', 'estornada'],
      chargebackEm: [null, todayInBrasilia()],
    });
  });

  it('writes nothing more when the gateway repeats it: the same event, a new delivery, the dispute opened', async () => {
    const p = plano[0]!;
    const antes = [await linhasDa(p.id), await royaltiesDa(p.id)];
    await chargeback(p, 'requested', 'evt_chargeback_1');
    await chargeback(p, 'requested');
    await chargeback(p, 'dispute');
    expect([await linhasDa(p.id), await royaltiesDa(p.id)]).toEqual(antes);
    expect((await parcela(p.id)).status).toBe('estornada');
  });

  it('a dispute won writes the lines again as new lines, once; the payment received again changes nothing', async () => {
    const p = plano[0]!;
    const [primeiros] = [await linhasDa(p.id)];
    await chargeback(p, 'won');
    const depois = await parcela(p.id);
    expect([depois.status, depois.chargebackEm, depois.pagaEm]).toEqual(['paga', null, todayInBrasilia()]);
    const linhas = await linhasDa(p.id);
    expect(linhas.slice(0, primeiros!.length)).toEqual(primeiros);
    const devolvidas = linhas.slice(primeiros!.length);
    expect(devolvidas.map((l) => [l.beneficiario, l.tipo, l.ciclo, l.periodo])).toEqual(
      primeiros!
        .filter((l) => l.tipo === 'credito')
        .map((l) => [l.beneficiario, 'credito', 1, mes(0)])
        .sort(),
    );
    const creditos = primeiros!.filter((l) => l.tipo === 'credito');
    expect(liquido(linhas)).toEqual(liquido(creditos));
    expect((await royaltiesDa(p.id)).map((r) => [r.tipo, r.ciclo])).toEqual([
      ['receita', 0],
      ['estorno', 0],
      ['receita', 1],
    ]);

    // Asaas moves the payment back to received once the acquirer pays: nothing is written twice.
    await chargeback(p, 'reversed');
    await chargeback(p, 'won');
    expect(await linhasDa(p.id)).toEqual(linhas);
    expect(await royaltiesDa(p.id)).toHaveLength(3);
  });

  it('a second chargeback reverses the new lines; a dispute lost ends it and nothing pays it again', async () => {
    const p = plano[0]!;
    await chargeback(p, 'requested');
    const linhas = await linhasDa(p.id);
    expect(liquido(linhas)).toEqual({ franquia: 0, vendedor: 0 });
    expect(linhas.filter((l) => l.tipo === 'estorno' && l.ciclo === 1)).toHaveLength(2);
    await chargeback(p, 'lost');
    expect([(await parcela(p.id)).status, (await parcela(p.id)).chargebackEm]).toEqual(['estornada', null]);
    // A late "received" after the refund is final pays nothing.
    await chargeback(p, 'reversed');
    expect((await parcela(p.id)).status).toBe('estornada');
    expect(await linhasDa(p.id)).toEqual(linhas);
  });

  it('ignores a chargeback on a parcela never paid', async () => {
    const p = plano[2]!;
    const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, 'PAYMENT_CHARGEBACK_REQUESTED', {
      ...fake.payments.get(p.gatewayId)!,
      status: 'CHARGEBACK_REQUESTED',
    });
    expect(sent.status).toBe(200);
    expect((await parcela(p.id)).status).toBe(p.status);
    expect(await linhasDa(p.id)).toEqual([]);
  });
});

describe('a chargeback arriving in a closed month', () => {
  it('lands its reversal, and the dispute won its new lines, in the next open month; the closed one never changes', async () => {
    const p = plano[1]!;
    await pagar(p, `${mes(2)}-10`);
    const creditos = await linhasDa(p.id);
    expect(creditos.every((l) => l.periodo === mes(2))).toBe(true);
    const fechamento = await franqueador().post('/api/comissoes/fechamentos', { periodo: mes(2) });
    expect(fechamento.statusCode, fechamento.body).toBe(201);
    const fechado = await somaDoPeriodo(mes(2));
    expect(fechamento.json<FechamentoView>().lancamentos).toBe(fechado.n);

    // The gateway's chargeback arrives on a day of that closed month (the app's clock there).
    const volta = Date.parse(`${mes(2)}-20T15:00:00Z`) - ctx.clock.now().getTime();
    ctx.clock.advance(volta);
    try {
      await chargeback(p, 'requested');
      const estornos = (await linhasDa(p.id)).filter((l) => l.tipo === 'estorno');
      expect(estornos.map((l) => [l.periodo, l.ocorridoEm])).toEqual(creditos.map(() => [mes(1), `${mes(2)}-20`]));
      await chargeback(p, 'won');
      const devolvidas = (await linhasDa(p.id)).filter((l) => l.ciclo === 1);
      expect(devolvidas.map((l) => [l.tipo, l.periodo])).toEqual(creditos.map(() => ['credito', mes(1)]));
    } finally {
      ctx.clock.advance(-volta);
    }
    expect(await somaDoPeriodo(mes(2))).toEqual(fechado);
    expect(liquido(await linhasDa(p.id))).toEqual(liquido(creditos));
  });
});
