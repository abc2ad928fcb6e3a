import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RENEGOCIACAO_PARCELAS_MAX,
  descontoMaximoCentavos,
  mesesDepois,
  planoDaRenegociacao,
  renegociarBodySchema,
} from './renegociacao';

const data = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the new plan of a renegotiation (issue 43, ADR 079)', () => {
  it('R$ 1.000,00 less R$ 100,00 in 4 from 2027-01-31: 225,00 x 4, due on the 31st or the month’s last day', () => {
    expect(planoDaRenegociacao(90_000, 4, '2027-01-31', 7)).toEqual([
      { numero: 7, valorCentavos: 22_500, vencimento: '2027-01-31' },
      { numero: 8, valorCentavos: 22_500, vencimento: '2027-02-28' },
      { numero: 9, valorCentavos: 22_500, vencimento: '2027-03-31' },
      { numero: 10, valorCentavos: 22_500, vencimento: '2027-04-30' },
    ]);
  });

  it('for any open balance, discount within any cap, count and first due date: the parcelas sum to balance - discount to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: RENEGOCIACAO_PARCELAS_MAX }),
        data,
        fc.integer({ min: 1, max: 500 }),
        (saldo, pct, fracao, n, primeiro, numero) => {
          const maximo = descontoMaximoCentavos(saldo, pct);
          expect(maximo).toBeLessThanOrEqual((saldo * pct) / 100);
          const desconto = Math.floor(maximo * fracao);
          const total = saldo - desconto;
          fc.pre(total >= n);
          const plano = planoDaRenegociacao(total, n, primeiro, numero);
          expect(plano).toHaveLength(n);
          expect(plano.reduce((s, p) => s + p.valorCentavos, 0)).toBe(total);
          for (const p of plano) {
            expect(Number.isSafeInteger(p.valorCentavos)).toBe(true);
            expect(p.valorCentavos).toBeGreaterThan(0);
          }
          expect(plano.map((p) => p.numero)).toEqual(Array.from({ length: n }, (_, i) => numero + i));
          expect(plano[0]!.vencimento).toBe(primeiro);
          for (let i = 1; i < n; i++) expect(plano[i]!.vencimento > plano[i - 1]!.vencimento).toBe(true);
          // The last takes the rounding: never more than n - 1 centavos from the others.
          const first = plano[0]!.valorCentavos;
          expect(plano.at(-1)!.valorCentavos - first).toBeLessThan(n);
        },
      ),
    );
  });

  it('moves a due date month by month, keeping the day or taking the month’s last', () => {
    expect(mesesDepois('2028-01-30', 1)).toBe('2028-02-29');
    expect(mesesDepois('2026-12-15', 1)).toBe('2027-01-15');
    expect(mesesDepois('2026-11-10', 14)).toBe('2028-01-10');
  });

  it('refuses a count out of 1..24, a bad date or discount, and anything else, in pt-BR', () => {
    const ok = { parcelas: 3, primeiroVencimento: '2027-01-10' };
    expect(renegociarBodySchema.safeParse(ok).success).toBe(true);
    expect(renegociarBodySchema.safeParse({ ...ok, desconto: 10.5 }).success).toBe(true);
    for (const ruim of [
      { ...ok, parcelas: 0 },
      { ...ok, parcelas: 25 },
      { ...ok, parcelas: 2.5 },
      { ...ok, primeiroVencimento: '2027-02-30' },
      { ...ok, desconto: -1 },
      { ...ok, desconto: 1.234 },
      { ...ok, valorCentavos: 1 },
    ]) {
      const r = renegociarBodySchema.safeParse(ruim);
      expect(r.success, JSON.stringify(ruim)).toBe(false);
    }
    expect(renegociarBodySchema.safeParse({ ...ok, parcelas: 30 }).error!.issues[0]!.message).toBe(
      'Informe de 1 a 24 parcelas',
    );
  });
});
