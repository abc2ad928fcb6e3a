import { describe, expect, it } from 'vitest';
import { acordoInputSchema, ROYALTY_MESSAGES } from '@shared/schemas/royalties';
import { acordoPayload, acordoValuesFrom } from './acordo-form-values';

const vigente = {
  id: 'a-1',
  franquiaId: 'f-1',
  royalty: 5.5,
  fundo: 1.5,
  minimo: 1500,
  inicio: '2026-01-01',
  modo: 'split' as const,
  criadoEm: '2026-01-01T00:00:00.000Z',
};

describe("'Editar acordo' values (issue 45, ADR 092)", () => {
  it('starts from the version in force, from today, written as people in Brazil write numbers', () => {
    expect(acordoValuesFrom(vigente, '2026-11-27')).toEqual({
      royalty: '5,5',
      fundo: '1,5',
      minimo: '1.500,00',
      inicio: '2026-11-27',
      modo: 'split',
    });
    expect(acordoValuesFrom(null, '2026-11-27')).toEqual({
      royalty: '',
      fundo: '',
      minimo: '',
      inicio: '2026-11-27',
      modo: 'fatura',
    });
  });

  it('sends what the API takes: decimals from commas, no minimum as null', () => {
    const payload = acordoPayload({ royalty: '6', fundo: '2,25', minimo: '', inicio: '2026-12-01', modo: 'fatura' });
    expect(payload).toEqual({ royalty: 6, fundo: 2.25, minimo: null, inicio: '2026-12-01', modo: 'fatura' });
    expect(acordoInputSchema.safeParse(payload).success).toBe(true);
    expect(acordoPayload({ ...acordoValuesFrom(vigente, '2026-12-01') }).minimo).toBe(1500);
  });

  it("gives the shared schema's pt-BR messages for what it refuses", () => {
    const vazio = acordoInputSchema.safeParse(
      acordoPayload({ royalty: '', fundo: 'x', minimo: '0', inicio: '2026-12-01', modo: 'fatura' }),
    );
    const mensagens = vazio.success ? [] : vazio.error.issues.map((i) => [i.path[0], i.message]);
    expect(mensagens).toEqual(
      expect.arrayContaining([
        ['royalty', ROYALTY_MESSAGES.royalty],
        ['fundo', ROYALTY_MESSAGES.fundo],
        ['minimo', ROYALTY_MESSAGES.minimo],
      ]),
    );
    const acima = acordoInputSchema.safeParse(
      acordoPayload({ royalty: '60', fundo: '41', minimo: '', inicio: '2026-12-01', modo: 'fatura' }),
    );
    expect(acima.success ? null : acima.error.issues[0]!.message).toBe(ROYALTY_MESSAGES.somaAcimaDe100);
  });
});
