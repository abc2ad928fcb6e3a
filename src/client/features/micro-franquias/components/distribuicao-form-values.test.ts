import { describe, expect, it } from 'vitest';
import { distribuicaoFormValues, distribuicaoPayload, novaLinha } from './distribuicao-form-values';

describe('distribuicaoPayload (issue 50)', () => {
  it('sends the city table only in the city mode, trimmed and with the UF in capitals', () => {
    const cidades = [novaLinha({ cidade: ' Campinas ', estado: 'sp', vendedorId: 'v-1' })];
    expect(distribuicaoPayload({ modo: 'rodizio', cidades })).toEqual({ modo: 'rodizio' });
    expect(distribuicaoPayload({ modo: 'cidade', cidades })).toEqual({
      modo: 'cidade',
      cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId: 'v-1' }],
    });
  });

  it('reads the saved rule back into the form', () => {
    const values = distribuicaoFormValues({
      modo: 'cidade',
      cidades: [{ cidade: 'Campinas', estado: 'SP', vendedor: { id: 'v-1', nome: 'Rafael' } }],
      vendedores: [],
    });
    expect(values.modo).toBe('cidade');
    expect(values.cidades).toEqual([expect.objectContaining({ cidade: 'Campinas', estado: 'SP', vendedorId: 'v-1' })]);
  });
});
