import { describe, it, expect } from 'vitest';
import {
  formatBRL,
  hideCpf,
  formatParcelas,
  formatCep,
  formatCnpj,
  formatCount,
  formatCpf,
  formatDateOnly,
  formatDateTime,
  formatPhone,
  maskCep,
  maskCnpj,
  maskCpf,
  maskPhone,
  MASK_MAX_LENGTH,
  onlyAlphanumeric,
  onlyDigits,
  formatTotal,
  formatTotalCount,
} from './format';

const NBSP = '\u00a0';

describe('onlyDigits / onlyAlphanumeric', () => {
  it('keeps only digits', () => {
    expect(onlyDigits('(11) 98765-4321')).toBe('11987654321');
    expect(onlyDigits(null)).toBe('');
  });
  it('keeps digits and letters, upper-cased', () => {
    expect(onlyAlphanumeric('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});

describe('formatPhone', () => {
  it('formats 11 digits as (DD) 9XXXX-XXXX', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
  });
  it('formats 10 digits as (DD) XXXX-XXXX', () => {
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });
  it('re-formats an already masked value', () => {
    expect(formatPhone('(11) 98765-4321')).toBe('(11) 98765-4321');
  });
  it('shows any other length as is', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('+55 11 98765-4321')).toBe('+55 11 98765-4321');
  });
  it("shows '-' when missing", () => {
    expect(formatPhone(null)).toBe('-');
    expect(formatPhone('')).toBe('-');
  });
});

describe('formatCpf', () => {
  it('formats 11 digits', () => {
    expect(formatCpf('12345678901')).toBe('123.456.789-01');
    expect(formatCpf('123.456.789-01')).toBe('123.456.789-01');
  });
  it('leaves other values as is', () => {
    expect(formatCpf('1234')).toBe('1234');
    expect(formatCpf(undefined)).toBe('-');
  });
});

describe('formatCnpj', () => {
  it('formats a numeric CNPJ', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
  it('formats the alphanumeric CNPJ', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('leaves other values as is', () => {
    expect(formatCnpj('123')).toBe('123');
    expect(formatCnpj(null)).toBe('-');
  });
});

describe('formatCep', () => {
  it('formats 8 digits as 00000-000', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });
  it('leaves other values as is', () => {
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('')).toBe('-');
  });
});

describe('formatParcelas (issue 23)', () => {
  it("reads '10x de R$ 120,00', each installment rounded to the cent", () => {
    expect(formatParcelas(10, 1200)).toBe(`10x de R$${NBSP}120,00`);
    expect(formatParcelas(3, 100)).toBe(`3x de R$${NBSP}33,33`);
  });
});

describe('formatBRL', () => {
  it('formats reais in pt-BR with two decimals', () => {
    expect(formatBRL(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(1000000)).toBe(`R$${NBSP}1.000.000,00`);
  });
  it('accepts a numeric string', () => {
    expect(formatBRL('99.9')).toBe(`R$${NBSP}99,90`);
  });
  it("shows '-' for a missing or non-numeric value", () => {
    expect(formatBRL(null)).toBe('-');
    expect(formatBRL('abc')).toBe('-');
  });
});

describe('formatCount', () => {
  it('groups thousands with a dot', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
});

describe('formatDateOnly', () => {
  it('rearranges YYYY-MM-DD without time-zone shifts', () => {
    expect(formatDateOnly('2025-03-01')).toBe('01/03/2025');
    expect(formatDateOnly('2024-12-31')).toBe('31/12/2024');
    expect(formatDateOnly('2025-01-01T00:00:00.000Z')).toBe('01/01/2025');
  });
  it('leaves unknown shapes as is', () => {
    expect(formatDateOnly('01/03/2025')).toBe('01/03/2025');
    expect(formatDateOnly(null)).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('formats an ISO timestamp as a pt-BR date in the given zone', () => {
    expect(formatDateTime('2025-03-07T17:30:00Z', { timeZone: 'America/Sao_Paulo' })).toBe('07/03/2025');
    expect(formatDateTime('2025-03-07T01:30:00Z', { timeZone: 'America/Sao_Paulo' })).toBe('06/03/2025');
  });
  it('adds HH:mm when asked', () => {
    expect(formatDateTime('2025-03-07T17:30:00Z', { timeZone: 'America/Sao_Paulo', withTime: true })).toBe(
      '07/03/2025 14:30',
    );
  });
  it('handles missing and invalid values', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('input masks', () => {
  it('maskCpf masks while typing and stops at 14 characters', () => {
    expect(maskCpf('123')).toBe('123');
    expect(maskCpf('1234')).toBe('123.4');
    expect(maskCpf('1234567')).toBe('123.456.7');
    expect(maskCpf('12345678901')).toBe('123.456.789-01');
    expect(maskCpf('123456789012345')).toHaveLength(MASK_MAX_LENGTH.cpf);
  });
  it('maskCnpj masks numeric and alphanumeric values and stops at 18 characters', () => {
    expect(maskCnpj('11')).toBe('11');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('112223330001819999')).toHaveLength(MASK_MAX_LENGTH.cnpj);
  });
  it('maskPhone uses the 10- or 11-digit pattern and stops at 15 characters', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('119876543210000')).toHaveLength(MASK_MAX_LENGTH.phone);
  });
  it('maskCep masks 00000-000 and stops at 9 characters', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('0131010099')).toBe('01310-100');
    expect(maskCep('0131010099')).toHaveLength(MASK_MAX_LENGTH.cep);
  });
});

describe('hideCpf (issue 23)', () => {
  it('keeps only the last four digits, whatever the mask', () => {
    expect(hideCpf('123.456.789-01')).toBe('***.***.*89-01');
    expect(hideCpf('12345678901')).toBe('***.***.*89-01');
    expect(hideCpf('1234')).toBe('');
    expect(hideCpf(null)).toBe('');
  });
});

describe('formatTotal (issue 21: a total the server stopped counting)', () => {
  it('says the count with its noun, one or many, and "mais de" past the limit', () => {
    expect(formatTotal(1, true, ['envio', 'envios'])).toBe('1 envio');
    expect(formatTotal(381, true, ['envio', 'envios'])).toBe('381 envios');
    expect(formatTotal(0, true, ['envio', 'envios'])).toBe('0 envios');
    expect(formatTotal(10_000, false, ['envio', 'envios'])).toBe('mais de 10.000 envios');
    expect(formatTotalCount(10_000, true)).toBe('10.000');
    expect(formatTotalCount(10_000, false)).toBe('mais de 10.000');
  });
});
