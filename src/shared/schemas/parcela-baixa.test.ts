import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../brasilia';
import { BAIXA_MESSAGES, baixaBodySchema, problemaNaDataDaBaixa } from './parcela-baixa';

/** Issue 43 (ADR 076): the baixa's body and the limits of its day, as the dialog and the service read them. */

const dia = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('problemaNaDataDaBaixa', () => {
  it('takes any day from the matrícula to today, and names the problem of any other', () => {
    fc.assert(
      fc.property(dia, fc.nat(400), fc.integer({ min: -400, max: 400 }), (desde, span, offset) => {
        const hoje = addDays(desde, span);
        const pagaEm = addDays(desde, offset);
        const problema = problemaNaDataDaBaixa(pagaEm, hoje, desde);
        if (pagaEm > hoje) expect(problema).toBe(BAIXA_MESSAGES.pagaEmFutura);
        else if (pagaEm < desde) expect(problema).toBe(BAIXA_MESSAGES.pagaEmAntesDaMatricula(desde));
        else expect(problema).toBeNull();
      }),
    );
  });
});

describe('baixaBodySchema', () => {
  const erros = (body: unknown) => {
    const r = baixaBodySchema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('requires a note, trimmed, of at most 500 characters, and a real day when one is given', () => {
    expect(baixaBodySchema.parse({ observacao: '  Pago em dinheiro ' })).toEqual({ observacao: 'Pago em dinheiro' });
    expect(erros({})).toEqual({ observacao: BAIXA_MESSAGES.observacao });
    expect(erros({ observacao: '   ' })).toEqual({ observacao: BAIXA_MESSAGES.observacao });
    expect(erros({ observacao: 'x'.repeat(501) })).toEqual({ observacao: BAIXA_MESSAGES.observacaoLonga });
    expect(erros({ observacao: 'Pago', pagaEm: '2026-02-30' }).pagaEm).toBeDefined();
    expect(baixaBodySchema.parse({ observacao: 'Pago', pagaEm: '2026-02-28' })).toMatchObject({ pagaEm: '2026-02-28' });
    expect(baixaBodySchema.safeParse({ observacao: 'Pago', status: 'paga' }).success).toBe(false);
  });
});
