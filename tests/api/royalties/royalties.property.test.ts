import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';
import {
  franquias,
  matriculas,
  parcelas,
  royaltyAcordos,
  royaltyLancamentos,
  users,
} from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { gravarParcela } from '../../../src/server/modules/cobranca/cobranca.repository';
import { aplicarEventoNa } from '../../../src/server/modules/cobranca/webhook.service';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { toCentavos } from '../../../src/shared/money/parcelas';
import type { ExtratoResumo, ExtratosView } from '../../../src/shared/schemas/royalties';

/**
 * Issue 45 (ADR 089), the royalties ledger's property: over random sequences of payments (late ones included, with
 * and without a split, at any net value), refunds, agreement changes (rates, minimum, mode) and closings of two
 * franquias, run on the real code and database --
 *   - every statement is its lines: gross, refunds, royalty, fundo and retained are the sums of its month's lines;
 *   - the minimum's adjustment tops the royalty up to the agreement's minimum, and what the split retained plus the
 *     balance the fatura collects is exactly what the agreement asks;
 *   - the network's total is the sum of its franquias, for every figure;
 *   - a closed month never changes.
 */

let ctx: TestContext;
let rede: { id: string; franqueadorId: string; matriculaId: string }[] = [];
let numero = 700;
let evento = 0;
const fechados = new Map<string, ExtratoResumo>();
let fechamentos = 0;

const MESES = 6;
function mes(n: number): string {
  const [ano, m] = todayInBrasilia(ctx.clock.now()).split('-').map(Number) as [number, number];
  const total = ano * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
const db = () => ctx.handle.db;
const c = toCentavos;
const FIGURAS = ['bruto', 'estornos', 'base', 'royalty', 'fundo', 'ajusteMinimo', 'pedido', 'retido', 'saldo'] as const;

async function aplicar(gatewayId: string, tipo: string, dia: string, netValue: number | null) {
  await db().transaction((tx) =>
    aplicarEventoNa(
      tx,
      'simulado',
      { id: `evt_roy_prop_${++evento}`, event: tipo, payment: { id: gatewayId, paymentDate: dia, netValue } },
      ctx.clock.now(),
    ),
  );
}

async function invariantes() {
  const somas = await db()
    .select({
      franquiaId: royaltyLancamentos.franquiaId,
      periodo: royaltyLancamentos.periodo,
      bruto: sql<number>`coalesce(sum(base_centavos) filter (where tipo = 'receita'), 0)::int`,
      estornos: sql<number>`coalesce(sum(base_centavos) filter (where tipo = 'estorno'), 0)::int`,
      royalty: sql<number>`sum(royalty_centavos)::int`,
      fundo: sql<number>`sum(fundo_centavos)::int`,
      retido: sql<number>`sum(retido_centavos)::int`,
      linhas: sql<number>`count(*)::int`,
    })
    .from(royaltyLancamentos)
    .groupBy(royaltyLancamentos.franquiaId, royaltyLancamentos.periodo);
  for (let n = 0; n <= MESES; n++) {
    const periodo = mes(n);
    const view = (await as(ctx.app, 'franqueador').get(`/api/royalties/extratos?mes=${periodo}`)).json<ExtratosView>();
    for (const k of FIGURAS) {
      expect(c(view.total[k]), `network ${k} ${periodo}`).toBe(view.itens.reduce((s, i) => s + c(i[k]), 0));
    }
    for (const i of view.itens) {
      const s = somas.find((x) => x.franquiaId === i.franquiaId && x.periodo === periodo);
      const label = `${i.franquia} ${periodo}`;
      expect(
        [c(i.bruto), c(i.estornos), c(i.royalty), c(i.fundo), c(i.retido), i.lancamentos],
        `${label}: its lines`,
      ).toEqual([
        Number(s?.bruto ?? 0),
        Number(s?.estornos ?? 0),
        Number(s?.royalty ?? 0),
        Number(s?.fundo ?? 0),
        Number(s?.retido ?? 0),
        Number(s?.linhas ?? 0),
      ]);
      expect(c(i.base)).toBe(c(i.bruto) + c(i.estornos));
      const minimo = i.minimo === null ? 0 : c(i.minimo);
      expect(c(i.ajusteMinimo), `${label}: minimum`).toBe(Math.max(0, minimo - c(i.royalty)));
      expect(c(i.pedido)).toBe(c(i.royalty) + c(i.fundo) + c(i.ajusteMinimo));
      expect(c(i.retido) + c(i.saldo), `${label}: retained + balance`).toBe(c(i.pedido));
      const antes = fechados.get(`${i.franquiaId}:${periodo}`);
      if (antes) {
        const { fatura: _f, ...agora } = i;
        const { fatura: _g, ...entao } = antes;
        expect(agora, `${label}: closed`).toEqual(entao);
      }
    }
  }
}

type Passo =
  | { tipo: 'pagar'; i: number; mes: number; dia: number; taxa: number }
  | { tipo: 'estornar'; i: number }
  | { tipo: 'acordo'; f: number; mes: number; royalty: number; fundo: number; minimo: number | null; split: boolean }
  | { tipo: 'fechar'; f: number; mes: number };

const PARCELAS_POR_CASO = 5;
const passo: fc.Arbitrary<Passo> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      tipo: fc.constant('pagar' as const),
      i: fc.nat(PARCELAS_POR_CASO - 1),
      mes: fc.integer({ min: 0, max: MESES }),
      dia: fc.integer({ min: 1, max: 28 }),
      taxa: fc.integer({ min: 0, max: 500 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ tipo: fc.constant('estornar' as const), i: fc.nat(PARCELAS_POR_CASO - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      tipo: fc.constant('acordo' as const),
      f: fc.nat(1),
      mes: fc.integer({ min: 0, max: MESES }),
      royalty: fc.integer({ min: 0, max: 1500 }),
      fundo: fc.integer({ min: 0, max: 500 }),
      minimo: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
      split: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      tipo: fc.constant('fechar' as const),
      f: fc.nat(1),
      mes: fc.integer({ min: 1, max: MESES }),
    }),
  },
);

async function executar(p: Passo, caso: { id: string; gatewayId: string; valor: number }[]) {
  switch (p.tipo) {
    case 'pagar': {
      const parcela = caso[p.i]!;
      const liquido = Math.max(1, parcela.valor - p.taxa);
      return aplicar(
        parcela.gatewayId,
        'PAYMENT_RECEIVED',
        `${mes(p.mes)}-${String(p.dia).padStart(2, '0')}`,
        liquido / 100,
      );
    }
    case 'estornar':
      return aplicar(caso[p.i]!.gatewayId, 'PAYMENT_REFUNDED', todayInBrasilia(ctx.clock.now()), null);
    case 'acordo': {
      const f = rede[p.f]!;
      await db()
        .insert(royaltyAcordos)
        .values({
          franqueadorId: f.franqueadorId,
          franquiaId: f.id,
          royaltyCentesimos: p.royalty,
          fundoCentesimos: p.fundo,
          minimoCentavos: p.minimo,
          inicio: `${mes(p.mes)}-01`,
          modo: p.split ? 'split' : 'fatura',
        })
        .onConflictDoNothing();
      return;
    }
    case 'fechar': {
      const f = rede[p.f]!;
      const periodo = mes(p.mes);
      const response = await as(ctx.app, 'franqueador').post(`/api/royalties/extratos/${f.id}/${periodo}/fechar`);
      if (response.statusCode === 201) {
        const {
          linhas: _l,
          acordo: _a,
          // The lines' page (ADR 092) belongs to the lines, not to the month's figures.
          page: _p,
          pageSize: _s,
          total: _t,
          ...resumo
        } = response.json<
          ExtratoResumo & { linhas: unknown; acordo: unknown; page: unknown; pageSize: unknown; total: unknown }
        >();
        fechados.set(`${f.id}:${periodo}`, resumo);
        fechamentos += 1;
      } else expect(response.statusCode, response.body).toBe(409);
      return;
    }
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [sp] = await db()
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .innerJoin(users, eq(users.id, franquias.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.franquia));
  const todas = await db()
    .select({ id: franquias.id, franqueadorId: franquias.franqueadorId })
    .from(franquias)
    .where(eq(franquias.franqueadorId, sp!.franqueadorId));
  rede = [];
  for (const f of [sp!, todas.find((x) => x.id !== sp!.id)!]) {
    const [m] = await db().select({ id: matriculas.id }).from(matriculas).where(eq(matriculas.franquiaId, f.id));
    rede.push({ ...f, matriculaId: m!.id });
    // An agreement from before the months the sequences pay in.
    await db()
      .insert(royaltyAcordos)
      .values({
        franqueadorId: f.franqueadorId,
        franquiaId: f.id,
        royaltyCentesimos: 600,
        fundoCentesimos: 200,
        minimoCentavos: 5_000,
        inicio: `${mes(MESES + 1)}-01`,
        modo: 'fatura',
      });
  }
});
afterAll(() => ctx.close());

describe('the royalties ledger, over random sequences of billing events', () => {
  it('keeps every statement equal to its lines, the network equal to its franquias, closed months unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(passo, { minLength: 1, maxLength: 10 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }), {
          minLength: PARCELAS_POR_CASO,
          maxLength: PARCELAS_POR_CASO,
        }),
        async (passos, splits) => {
          const caso: { id: string; gatewayId: string; valor: number }[] = [];
          for (let k = 0; k < PARCELAS_POR_CASO; k++) {
            const n = ++numero;
            const gatewayId = `pay_sim_roy_prop_${n}`;
            const valor = 5000 + ((n * 7919) % 200_000);
            await gravarParcela(
              db(),
              {
                matriculaId: rede[k % 2]!.matriculaId,
                numero: n,
                valorCentavos: valor,
                vencimento: `${mes(0)}-28`,
                provedor: 'simulado',
                gatewayId,
                invoiceUrl: null,
                bankSlipUrl: null,
                pixCopiaECola: null,
                royaltySplitCentesimos: splits[k]!,
              },
              ctx.clock.now(),
            );
            const [row] = await db()
              .select({ id: parcelas.id })
              .from(parcelas)
              .where(and(eq(parcelas.provedor, 'simulado'), eq(parcelas.gatewayId, gatewayId)));
            caso.push({ id: row!.id, gatewayId, valor });
          }
          for (const p of passos) {
            await executar(p, caso);
            await invariantes();
          }
        },
      ),
      { numRuns: Number(process.env.ROYALTIES_PROPERTY_RUNS ?? 10), seed: Number(process.env.FUZZ_SEED ?? 45) },
    );
    // The sequences did what they claim: lines written, reversed, retained by a split, and months closed.
    const tipos = await db()
      .select({ tipo: royaltyLancamentos.tipo, retido: sql<number>`sum(retido_centavos)::int` })
      .from(royaltyLancamentos)
      .groupBy(royaltyLancamentos.tipo);
    expect(tipos.map((t) => t.tipo).sort()).toEqual(['estorno', 'receita']);
    expect(Number(tipos.find((t) => t.tipo === 'receita')!.retido)).toBeGreaterThan(0);
    expect(fechamentos).toBeGreaterThan(0);
  }, 600_000);
});
