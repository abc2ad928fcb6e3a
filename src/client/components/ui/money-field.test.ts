import { describe, expect, it } from 'vitest';
import { formatReais, parseReais } from './money-field';

describe('money as R$ (issue 23)', () => {
  it('reads Brazilian money, a decimal point typed in English, and refuses what is not money', () => {
    expect(parseReais('1.500,50')).toBe(1500.5);
    expect(parseReais('1500,5')).toBe(1500.5);
    expect(parseReais('1200')).toBe(1200);
    expect(parseReais('1500.50')).toBe(1500.5);
    expect(parseReais('1.500')).toBe(1500);
    expect(parseReais('R$ 2.000,00')).toBe(2000);
    expect(parseReais('')).toBeNaN();
    expect(parseReais('1,2,3')).toBeNaN();
    expect(parseReais('abc')).toBeNaN();
  });

  it('shows two decimals with the pt-BR separators', () => {
    expect(formatReais(1500.5)).toBe('1.500,50');
    expect(formatReais(0)).toBe('0,00');
    expect(formatReais(Number.NaN)).toBe('');
    expect(formatReais(null)).toBe('');
  });
});
