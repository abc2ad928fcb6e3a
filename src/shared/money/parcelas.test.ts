import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dividirEmParcelas, fromCentavos, toCentavos, valoresDasParcelas } from './parcelas';

/** numeric(10,2)'s largest value in centavos, and the courses' largest number of parcelas. */
const MAX_CENTAVOS = 9_999_999_999;
const MAX_PARCELAS = 360;

describe('dividirEmParcelas (issue 42)', () => {
  it('splits R$ 1.200,00 in 10 parcelas of R$ 120,00', () => {
    expect(dividirEmParcelas(120_000, 10)).toEqual({ valorParcela: 12_000, valorUltimaParcela: 12_000 });
  });

  it('gives the rounding to the last parcela: R$ 100,00 in 3 is 33,33 + 33,33 + 33,34', () => {
    expect(valoresDasParcelas(10_000, 3)).toEqual([3_333, 3_333, 3_334]);
    expect(valoresDasParcelas(1, 2)).toEqual([0, 1]);
    expect(valoresDasParcelas(0, 4)).toEqual([0, 0, 0, 0]);
    expect(valoresDasParcelas(99_999, 1)).toEqual([99_999]);
  });

  it('for any total and count: the parcelas sum to the total, all but the last equal, the last off by < count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), fc.integer({ min: 1, max: MAX_PARCELAS }), (total, n) => {
        const valores = valoresDasParcelas(total, n);
        expect(valores).toHaveLength(n);
        expect(valores.reduce((sum, v) => sum + v, 0)).toBe(total);
        const { valorParcela, valorUltimaParcela } = dividirEmParcelas(total, n);
        expect(valores.slice(0, -1).every((v) => v === valorParcela)).toBe(true);
        expect(valores.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
        expect(Math.abs(valorUltimaParcela - valorParcela)).toBeLessThan(n);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a negative or fractional total and fewer than one parcela', () => {
    expect(() => dividirEmParcelas(-1, 2)).toThrow(RangeError);
    expect(() => dividirEmParcelas(10.5, 2)).toThrow(RangeError);
    expect(() => dividirEmParcelas(100, 0)).toThrow(RangeError);
  });
});

describe('toCentavos and fromCentavos', () => {
  it('convert numeric(10,2) values exactly, both ways', () => {
    expect(toCentavos(38.4)).toBe(3_840);
    expect(toCentavos(99_999_999.99)).toBe(MAX_CENTAVOS);
    expect(toCentavos(4800)).toBe(480_000);
    expect(toCentavos(0.1 + 0.2)).toBe(30);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (centavos) => {
        expect(toCentavos(fromCentavos(centavos))).toBe(centavos);
      }),
    );
  });
});
