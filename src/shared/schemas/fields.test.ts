import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cepField,
  cnpjField,
  cpfField,
  dateOnlyField,
  emailField,
  estadoField,
  FIELD_MESSAGES,
  patchText,
  telefoneField,
} from './fields';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('shared field rules (SPEC §5, DESIGN §4.6)', () => {
  it('CNPJ: at least 14 characters, valid check digits, stored unmasked (numeric and alphanumeric)', () => {
    expect(message(cnpjField, '1122233300')).toBe(FIELD_MESSAGES.cnpjMin);
    expect(message(cnpjField, '11.222.333/0001-80')).toBe(FIELD_MESSAGES.cnpjInvalid);
    expect(cnpjField.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cnpjField.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('CPF: at least 11 characters, valid check digits, stored unmasked', () => {
    expect(message(cpfField, '123')).toBe(FIELD_MESSAGES.cpfMin);
    expect(message(cpfField, '529.982.247-24')).toBe(FIELD_MESSAGES.cpfInvalid);
    expect(cpfField.parse('529.982.247-25')).toBe('52998224725');
  });

  it('CEP: 8 to 9 characters, digits only stored', () => {
    expect(message(cepField, '1234')).toBe(FIELD_MESSAGES.cepLength);
    expect(message(cepField, '1234-5678')).toBe(FIELD_MESSAGES.cepInvalid);
    expect(message(cepField, '123456789')).toBe(FIELD_MESSAGES.cepInvalid);
    expect(cepField.parse('01310-100')).toBe('01310100');
  });

  it('estado: exactly 2 characters, upper-cased', () => {
    expect(message(estadoField, 'S')).toBe(FIELD_MESSAGES.estado);
    expect(estadoField.parse('sp')).toBe('SP');
  });

  it('telefone: required, 10 or 11 digits', () => {
    expect(message(telefoneField, '')).toBe(FIELD_MESSAGES.telefone);
    expect(message(telefoneField, '1234')).toBe(FIELD_MESSAGES.telefoneInvalid);
    expect(telefoneField.parse('(11) 98765-4321')).toBe('11987654321');
  });

  it('email: valid, lower-cased', () => {
    expect(message(emailField, 'ana@')).toBe(FIELD_MESSAGES.email);
    expect(emailField.parse(' Ana@Demo.COM ')).toBe('ana@demo.com');
  });

  it('date-only: a real calendar day as YYYY-MM-DD', () => {
    const field = dateOnlyField(FIELD_MESSAGES.dataNascimento);
    expect(message(field, '')).toBe(FIELD_MESSAGES.dataNascimento);
    expect(message(field, '2024-02-30')).toBe(FIELD_MESSAGES.dataInvalida);
    expect(message(field, '14/03/1980')).toBe(FIELD_MESSAGES.dataInvalida);
    expect(field.parse('2024-02-29')).toBe('2024-02-29');
  });
});

describe('patchText', () => {
  it('leaves a field the PATCH left out undefined, and clears one sent empty or null', () => {
    const schema = patchText(10);
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('   ')).toBeNull();
    expect(schema.parse(' Notas ')).toBe('Notas');
    expect(message(schema, 'x'.repeat(11))).toBe(FIELD_MESSAGES.tooLong);
  });
});
