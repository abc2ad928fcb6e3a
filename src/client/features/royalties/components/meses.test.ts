import { describe, expect, it } from 'vitest';
import { mesesAte } from './meses';

describe('mesesAte', () => {
  it('counts back across the year, newest first, and stops at the first month', () => {
    expect(mesesAte('2027-02', 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(mesesAte('2027-02', 12, '2026-12')).toEqual(['2027-02', '2027-01', '2026-12']);
    expect(mesesAte('2027-02', 12, '2027-03')).toEqual([]);
  });
});
