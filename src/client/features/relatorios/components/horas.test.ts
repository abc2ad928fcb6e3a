import { describe, expect, it } from 'vitest';
import { formatHoras } from './horas';

describe('formatHoras', () => {
  it('shows no value as a dash', () => {
    expect(formatHoras(null)).toBe('-');
    expect(formatHoras(undefined)).toBe('-');
    expect(formatHoras(Number.NaN)).toBe('-');
  });

  it('shows under an hour in whole minutes', () => {
    expect(formatHoras(0)).toBe('0 min');
    expect(formatHoras(0.001)).toBe('< 1 min');
    expect(formatHoras(0.5)).toBe('30 min');
    expect(formatHoras(0.25)).toBe('15 min');
    expect(formatHoras(59 / 60)).toBe('59 min');
  });

  it('shows under 48 hours in hours with one decimal and a comma', () => {
    // 59,8 minutes rounds to an hour: no '60 min'.
    expect(formatHoras(0.997)).toBe('1,0 h');
    expect(formatHoras(1)).toBe('1,0 h');
    expect(formatHoras(5.5)).toBe('5,5 h');
    expect(formatHoras(5.55)).toBe('5,6 h');
    expect(formatHoras(47.9)).toBe('47,9 h');
  });

  it('shows 48 hours and more in days with one decimal', () => {
    expect(formatHoras(47.96)).toBe('2,0 dias');
    expect(formatHoras(48)).toBe('2,0 dias');
    expect(formatHoras(76.8)).toBe('3,2 dias');
    expect(formatHoras(24 * 1500)).toBe('1.500,0 dias');
  });

  it('never shows a negative time', () => {
    expect(formatHoras(-2)).toBe('0 min');
  });
});
