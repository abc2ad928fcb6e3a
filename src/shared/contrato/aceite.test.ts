import { describe, expect, it } from 'vitest';
import {
  codigoVerificacaoContrato,
  podeDesistir,
  prazoDeArrependimento,
  resumoDoCancelamento,
  resumoDoValor,
} from './aceite';

describe('prazoDeArrependimento (CDC art. 49, São Paulo time)', () => {
  it('counts 7 days from the day after acceptance, to the end of the 7th, in São Paulo', () => {
    // 23:30 in São Paulo on 01/03 is already 02/03 in UTC: the day is São Paulo's.
    const aceitoEm = new Date('2027-03-02T02:30:00Z');
    const { ultimoDia, ate } = prazoDeArrependimento(aceitoEm);
    expect(ultimoDia).toBe('2027-03-08');
    expect(ate.toISOString()).toBe('2027-03-09T03:00:00.000Z');
    expect(podeDesistir(aceitoEm, new Date('2027-03-09T02:59:00Z'))).toBe(true);
    expect(podeDesistir(aceitoEm, new Date('2027-03-09T03:00:00Z'))).toBe(false);
  });
});

/** Intl writes 'R$' with a no-break space. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('the summary box', () => {
  it('says the total and the parcelas, the last one when it differs, or à vista', () => {
    expect(plain(resumoDoValor({ valorTotal: 1200, parcelas: 10, valorParcela: 120, valorUltimaParcela: 120 }))).toBe(
      'Valor total: R$ 1.200,00 em 10 parcelas de R$ 120,00',
    );
    expect(
      plain(resumoDoValor({ valorTotal: 1000, parcelas: 3, valorParcela: 333.33, valorUltimaParcela: 333.34 })),
    ).toBe('Valor total: R$ 1.000,00 em 3 parcelas de R$ 333,33 (a última de R$ 333,34)');
    expect(plain(resumoDoValor({ valorTotal: 500, parcelas: 1, valorParcela: 500, valorUltimaParcela: 500 }))).toBe(
      'Valor total: R$ 500,00 à vista',
    );
    expect(resumoDoCancelamento(10)).toContain('no máximo 10% do valor que ainda falta pagar');
    expect(resumoDoCancelamento(0)).toContain('sem multa');
  });

  it('prints 12 characters of the contract id as its verification code', () => {
    expect(codigoVerificacaoContrato('823717c4-aef3-4d5b-9a1e-1234567890ab')).toBe('823717C4AEF3');
  });
});
