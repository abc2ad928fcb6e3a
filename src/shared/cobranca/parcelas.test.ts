import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAS_VENCIMENTO, diaDoMesSeguinte, planoDeParcelas } from './parcelas';
import { dividirEmParcelas } from '../money/parcelas';

/** numeric(10,2)'s largest value in centavos, and the courses' largest number of parcelas. */
const MAX_CENTAVOS = 9_999_999_999;
const MAX_PARCELAS = 360;

const dia = fc.constantFrom(...DIAS_VENCIMENTO);
const data = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the plan of an accepted contract (issue 43)', () => {
  it('R$ 1.000,00 in 3, the 10th, accepted on 2026-11-26: 333,33 + 333,33 + 333,34 due Dec 10, Jan 10, Feb 10', () => {
    expect(planoDeParcelas(100_000, 3, 10, '2026-11-26')).toEqual([
      { numero: 1, valorCentavos: 33_333, vencimento: '2026-12-10' },
      { numero: 2, valorCentavos: 33_333, vencimento: '2027-01-10' },
      { numero: 3, valorCentavos: 33_334, vencimento: '2027-02-10' },
    ]);
  });

  it('for any total, count, day and acceptance: the parcelas sum to the total to the cent, none of zero, monthly on the day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_CENTAVOS }),
        fc.integer({ min: 1, max: MAX_PARCELAS }),
        dia,
        data,
        (total, n, d, aceito) => {
          const plano = planoDeParcelas(total, n, d, aceito);
          // Checked in plain code and asserted once a run: a plan has up to 360 parcelas and the property runs a
          // thousand times, and an expect per parcela took 6 s alone and passed the test's 20 s on a busy machine.
          const problems: string[] = [];
          if (plano.length !== Math.min(n, total)) problems.push(`${plano.length} parcelas`);
          const sum = plano.reduce((acc, p) => acc + p.valorCentavos, 0);
          if (sum !== total) problems.push(`sum ${sum}`);
          if (!plano.every((p) => Number.isSafeInteger(p.valorCentavos) && p.valorCentavos > 0)) {
            problems.push('a parcela of zero or not a whole number of centavos');
          }
          // The contract's own split: every parcela but the last is the contract's valorParcela.
          if (n <= total) {
            const { valorParcela, valorUltimaParcela } = dividirEmParcelas(total, n);
            if (!plano.slice(0, -1).every((p) => p.valorCentavos === valorParcela)) problems.push('not valorParcela');
            if (plano.at(-1)!.valorCentavos !== valorUltimaParcela) problems.push('not valorUltimaParcela');
          }
          // The first in the month after acceptance, then one a month, each on the chosen day.
          if (plano.length > 0) {
            if (!(plano[0]!.vencimento > aceito)) problems.push(`first due ${plano[0]!.vencimento}`);
            if (plano[0]!.vencimento.slice(0, 7) !== diaDoMesSeguinte(aceito, 1).slice(0, 7)) {
              problems.push(`first due month ${plano[0]!.vencimento}`);
            }
          }
          for (const [i, p] of plano.entries()) {
            if (p.numero !== i + 1) problems.push(`parcela ${i + 1} numbered ${p.numero}`);
            if (Number(p.vencimento.slice(8)) !== d) problems.push(`parcela ${i + 1} due ${p.vencimento}`);
            if (i > 0 && p.vencimento !== diaDoMesSeguinte(plano[i - 1]!.vencimento, d)) {
              problems.push(`parcela ${i + 1} due ${p.vencimento} after ${plano[i - 1]!.vencimento}`);
            }
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('crosses the year, and bills nothing of a zero total', () => {
    expect(diaDoMesSeguinte('2026-12-31', 25)).toBe('2027-01-25');
    expect(diaDoMesSeguinte('2026-01-31', 5, 14)).toBe('2027-03-05');
    expect(planoDeParcelas(0, 12, 10, '2026-11-26')).toEqual([]);
    expect(planoDeParcelas(2, 5, 10, '2026-11-26').map((p) => p.valorCentavos)).toEqual([1, 1]);
  });
});
