import { describe, expect, it } from 'vitest';
import { splitPeriod } from './periods';

/** Every day of [de, ate] is counted exactly once: +1 for each range that adds it, -1 for each that takes it away. */
function coverage(de: string, ate: string): Map<string, number> {
  const { months, days } = splitPeriod(de, ate);
  const count = new Map<string, number>();
  const add = (day: string, n: number) => count.set(day, (count.get(day) ?? 0) + n);
  const each = (from: string, to: string, f: (day: string) => void) => {
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      f(new Date(t).toISOString().slice(0, 10));
    }
  };
  if (months) {
    const [y1, m1] = months[0].split('-').map(Number) as [number, number];
    const [y2, m2] = months[1].split('-').map(Number) as [number, number];
    for (let y = y1, m = m1; y < y2 || (y === y2 && m <= m2); m === 12 ? ((m = 1), y++) : m++) {
      const first = `${y}-${String(m).padStart(2, '0')}-01`;
      const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
      each(first, last, (day) => add(day, 1));
    }
  }
  for (const range of days) each(range.from, range.to, (day) => add(day, range.sign));
  for (const [day, n] of [...count]) if (n === 0) count.delete(day);
  return count;
}

describe('splitPeriod', () => {
  const cases: [string, string][] = [
    ['2026-11-23', '2026-11-23'],
    ['2026-11-01', '2026-11-30'],
    ['2026-11-02', '2026-11-29'],
    ['2026-11-20', '2026-11-23'],
    ['2025-11-24', '2026-11-23'],
    ['2026-01-31', '2026-03-01'],
    ['2024-02-01', '2024-02-29'],
    ['2023-12-31', '2026-12-30'],
    ['2026-10-25', '2026-11-23'],
  ];
  it.each(cases)('counts every day of %s..%s once and nothing else', (de, ate) => {
    const count = coverage(de, ate);
    const expected = Math.round((Date.parse(ate) - Date.parse(de)) / 86_400_000) + 1;
    expect(count.size).toBe(expected);
    for (const [day, n] of count) {
      expect(n, day).toBe(1);
      expect(day >= de && day <= ate, day).toBe(true);
    }
  });

  it('reads a year ending today as whole months, with at most a week of loose days', () => {
    const { months, days } = splitPeriod('2025-11-24', '2026-11-23');
    expect(months).toEqual(['2025-12-01', '2026-11-01']);
    expect(days).toEqual([
      { from: '2025-11-24', to: '2025-11-30', sign: 1 },
      { from: '2026-11-24', to: '2026-11-30', sign: -1 },
    ]);
  });
});
