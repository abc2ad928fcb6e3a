import { describe, expect, it } from 'vitest';
import { CUSTO_MESSAGES, campanhaCustoFormSchema, custoPayload, eventoCustoFormSchema } from './custos';

describe('the cost form (issue 48)', () => {
  it('sends the amount typed in reais as whole centavos, an empty description as none', () => {
    expect(custoPayload({ categoria: 'cartoes', descricao: '  ', valor: 1200 })).toEqual({
      categoria: 'cartoes',
      descricao: null,
      valorCentavos: 120_000,
    });
    expect(custoPayload({ categoria: 'local', descricao: ' Salão ', valor: 0.1 + 0.2 })).toMatchObject({
      descricao: 'Salão',
      valorCentavos: 30,
    });
    expect(custoPayload({ categoria: 'anuncios', valor: 1234.56, utmCampaign: 'volta', data: '2026-02-01' })).toEqual({
      categoria: 'anuncios',
      descricao: null,
      valorCentavos: 123_456,
      utmCampaign: 'volta',
      data: '2026-02-01',
    });
  });

  it('refuses a zero, a negative, a third decimal or nothing, with the message under the field', () => {
    for (const valor of [0, -5, 10.005, Number.NaN]) {
      const parsed = eventoCustoFormSchema.safeParse({ categoria: 'outros', valor });
      expect(parsed.success, String(valor)).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(CUSTO_MESSAGES.valor);
    }
    expect(campanhaCustoFormSchema.safeParse({ categoria: 'outros', valor: 10, data: '2026-01-01' }).success).toBe(
      false,
    );
  });
});
