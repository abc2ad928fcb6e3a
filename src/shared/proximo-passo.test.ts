import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from './brasilia';
import { PROXIMO_PASSO_ESCOLHAS, diaDoProximoPasso } from './proximo-passo';

describe("the next step's quick choices (issue 51)", () => {
  it('names tomorrow, the day after and next Monday, across a month and a year', () => {
    // 26/11/2026 is a Thursday.
    expect(diaDoProximoPasso('amanha', '2026-11-26')).toBe('2026-11-27');
    expect(diaDoProximoPasso('dois_dias', '2026-11-30')).toBe('2026-12-02');
    expect(diaDoProximoPasso('proxima_semana', '2026-11-26')).toBe('2026-11-30');
    expect(diaDoProximoPasso('proxima_semana', '2026-11-29')).toBe('2026-11-30'); // a Sunday
    expect(diaDoProximoPasso('proxima_semana', '2026-11-30')).toBe('2026-12-07'); // a Monday
    expect(diaDoProximoPasso('amanha', '2026-12-31')).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('always gives a day after today, at most a week on, and next week a Monday', () => {
    const dia = fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dia, fc.constantFrom(...PROXIMO_PASSO_ESCOLHAS), (hoje, escolha) => {
        const alvo = diaDoProximoPasso(escolha, hoje);
        const dias = (Date.parse(alvo) - Date.parse(hoje)) / 86_400_000;
        expect(dias).toBeGreaterThanOrEqual(1);
        expect(dias).toBeLessThanOrEqual(7);
        if (escolha === 'proxima_semana') expect(new Date(`${alvo}T12:00:00Z`).getUTCDay()).toBe(1);
      }),
    );
  });
});
