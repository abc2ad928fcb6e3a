import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dentroDoArrependimento,
  fimDoArrependimento,
  multaDeCancelamento,
  ultimoDiaDoArrependimento,
  valorRestante,
} from './cancelamento';

/** numeric(10,2)'s largest value in centavos. */
const MAX_CENTAVOS = 9_999_999_999;

describe('the 7-day withdrawal term in São Paulo time (issue 42, CDC art. 49)', () => {
  // Accepted on 03/11/2026 at 23:30 in São Paulo: already 04/11 in UTC, still the 3rd where the family lives.
  const aceitoEm = new Date('2026-11-04T02:30:00Z');

  it('counts 7 days after the day of acceptance, to the end of the 7th day in Brasília', () => {
    expect(ultimoDiaDoArrependimento(aceitoEm)).toBe('2026-11-10');
    expect(fimDoArrependimento(aceitoEm).toISOString()).toBe('2026-11-11T03:00:00.000Z');
  });

  it('is open at 23:59 of the 7th day and closed at 00:00 of the 8th (São Paulo)', () => {
    expect(dentroDoArrependimento(aceitoEm, new Date('2026-11-11T02:59:59.999Z'))).toBe(true); // 10/11 23:59:59
    expect(dentroDoArrependimento(aceitoEm, new Date('2026-11-11T03:00:00.000Z'))).toBe(false); // 11/11 00:00
    expect(dentroDoArrependimento(aceitoEm, aceitoEm)).toBe(true);
  });

  it('takes the day of acceptance as Brasília’s: accepted at 00:30 of the 4th counts from the 4th', () => {
    const cedo = new Date('2026-11-04T03:30:00Z');
    expect(ultimoDiaDoArrependimento(cedo)).toBe('2026-11-11');
  });
});

describe('the remaining value (issue 42)', () => {
  it('is the total while nothing is paid, and the total less what was paid', () => {
    expect(valorRestante(120_000)).toBe(120_000);
    expect(valorRestante(120_000, [12_000, 12_000])).toBe(96_000);
    expect(valorRestante(120_000, [130_000])).toBe(0);
  });

  it('refuses fractions of a centavo and negative values', () => {
    expect(() => valorRestante(100.5)).toThrow(RangeError);
    expect(() => valorRestante(100, [-1])).toThrow(RangeError);
  });
});

describe('the cancellation fee (issue 42)', () => {
  it('is the contract’s % of the remaining value, rounded down to the centavo', () => {
    expect(multaDeCancelamento(120_000, 10, 10)).toEqual({ pct: 10, multa: 12_000 });
    // 10% of R$ 1.200,10 is R$ 120,01 exactly; 10% of R$ 1.200,19 is 120,019 -> R$ 120,01.
    expect(multaDeCancelamento(120_010, 10, 10).multa).toBe(12_001);
    expect(multaDeCancelamento(120_019, 10, 10).multa).toBe(12_001);
    expect(multaDeCancelamento(99, 10, 10).multa).toBe(9);
    expect(multaDeCancelamento(0, 10, 10).multa).toBe(0);
  });

  it('is capped by the network’s setting, whatever the contract says', () => {
    expect(multaDeCancelamento(100_000, 20, 10)).toEqual({ pct: 10, multa: 10_000 });
    expect(multaDeCancelamento(100_000, 5, 10)).toEqual({ pct: 5, multa: 5_000 });
    expect(multaDeCancelamento(100_000, 20, 0)).toEqual({ pct: 0, multa: 0 });
  });

  it('for any remaining value, contract % and cap: never negative, never above the cap, exactly floor(r x pct / 100)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_CENTAVOS }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (total, pagamentos, contratoPct, capPct) => {
          const restante = valorRestante(total, pagamentos);
          const pago = pagamentos.reduce((s, p) => s + p, 0);
          // The sums are exact: paid and remaining make the total (nothing remains after an overpayment).
          expect(restante).toBe(Math.max(0, total - pago));
          const { pct, multa } = multaDeCancelamento(restante, contratoPct, capPct);
          expect(Number.isSafeInteger(multa)).toBe(true);
          expect(multa).toBeGreaterThanOrEqual(0);
          expect(pct).toBe(Math.min(contratoPct, capPct));
          // Never above the cap of the remaining value: multa x 100 <= restante x cap.
          expect(multa * 100).toBeLessThanOrEqual(restante * capPct);
          // Rounded down and only by less than a centavo: r x pct / 100 - 1 < multa <= r x pct / 100.
          expect(multa * 100).toBeLessThanOrEqual(restante * pct);
          expect((multa + 1) * 100).toBeGreaterThan(restante * pct);
          expect(multa).toBeLessThanOrEqual(restante);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses a percentage outside 0..100', () => {
    expect(() => multaDeCancelamento(100, 101, 10)).toThrow(RangeError);
    expect(() => multaDeCancelamento(100, 10, -1)).toThrow(RangeError);
    expect(() => multaDeCancelamento(100, 10.5, 10)).toThrow(RangeError);
  });
});
