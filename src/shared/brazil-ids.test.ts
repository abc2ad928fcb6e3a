import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, makeCnpj, makeCpf } from './brazil-ids';

describe('CPF', () => {
  it('accepts valid numbers with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('abc.def.ghi-jk')).toBe(false);
  });

  it('builds valid numbers for test data', () => {
    expect(makeCpf('123456789')).toBe('12345678909');
    expect(isValidCpf(makeCpf('987654321'))).toBe(true);
  });
});

describe('CNPJ', () => {
  it('accepts the numeric form', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000180')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('accepts the alphanumeric form issued since July 2026', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DEAB')).toBe(false);
  });

  it('builds valid numbers for test data', () => {
    expect(makeCnpj('112223330001')).toBe('11222333000181');
    expect(isValidCnpj(makeCnpj('AB12CD340001'))).toBe(true);
  });
});
