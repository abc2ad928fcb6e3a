import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeCnpj, makeCpf } from '../brazil-ids';
import { CHAVE_PIX_MESSAGES, chavePixField, lerChavePix } from './chave-pix';

/** Issue 44 (ADR 082): a PIX key is one of the five kinds the Banco Central knows, stored as its DICT keeps it. */
describe('lerChavePix', () => {
  it('reads each kind and stores it in the DICT form', () => {
    expect(lerChavePix('529.982.247-25')).toEqual({ tipo: 'cpf', chave: '52998224725' });
    expect(lerChavePix('11.222.333/0001-81')).toEqual({ tipo: 'cnpj', chave: '11222333000181' });
    expect(lerChavePix(' Ana@Escola.com.br ')).toEqual({ tipo: 'email', chave: 'ana@escola.com.br' });
    expect(lerChavePix('+55 (11) 98765-4321')).toEqual({ tipo: 'telefone', chave: '+5511987654321' });
    expect(lerChavePix('+55 11 3333-4444')).toEqual({ tipo: 'telefone', chave: '+551133334444' });
    expect(lerChavePix('123E4567-E89B-42D3-A456-426614174000')).toEqual({
      tipo: 'aleatoria',
      chave: '123e4567-e89b-42d3-a456-426614174000',
    });
  });

  it('says in pt-BR what is wrong with a key', () => {
    expect(lerChavePix('529.982.247-24')).toEqual({ erro: CHAVE_PIX_MESSAGES.cpf });
    expect(lerChavePix('111.111.111-11')).toEqual({ erro: CHAVE_PIX_MESSAGES.cpf });
    expect(lerChavePix('11.222.333/0001-82')).toEqual({ erro: CHAVE_PIX_MESSAGES.cnpj });
    expect(lerChavePix('ana@')).toEqual({ erro: CHAVE_PIX_MESSAGES.email });
    expect(lerChavePix(`${'a'.repeat(70)}@escola.com.br`)).toEqual({ erro: CHAVE_PIX_MESSAGES.email });
    // No country code, a DDD starting with 0, a mobile without its 9, another country.
    expect(lerChavePix('+5501987654321')).toEqual({ erro: CHAVE_PIX_MESSAGES.telefone });
    expect(lerChavePix('+551187654321x')).toEqual({ erro: CHAVE_PIX_MESSAGES.telefone });
    expect(lerChavePix('+1 415 555 0100')).toEqual({ erro: CHAVE_PIX_MESSAGES.telefone });
    expect(lerChavePix('11987654321x')).toEqual({ erro: CHAVE_PIX_MESSAGES.invalida });
    expect(lerChavePix('chave')).toEqual({ erro: CHAVE_PIX_MESSAGES.invalida });
  });

  it('takes every CPF and CNPJ with check digits, masked or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_998 }), fc.integer({ min: 1, max: 99_999_999 }), (a, b) => {
        const cpf = makeCpf(String(a).padStart(9, '0'));
        const cnpj = makeCnpj(`${String(b).padStart(8, '0')}0001`);
        const okCpf = lerChavePix(cpf);
        const okCnpj = lerChavePix(cnpj);
        return (
          (/^(\d)\1{10}$/.test(cpf.replace(/\D/g, '')) || ('chave' in okCpf && okCpf.tipo === 'cpf')) &&
          'chave' in okCnpj &&
          okCnpj.tipo === 'cnpj'
        );
      }),
    );
  });
});

describe('chavePixField', () => {
  it('clears with an empty value or null, and refuses with the kind’s message', () => {
    expect(chavePixField.parse('')).toBeNull();
    expect(chavePixField.parse(null)).toBeNull();
    const r = chavePixField.safeParse('529.982.247-24');
    expect(r.error?.issues[0]?.message).toBe(CHAVE_PIX_MESSAGES.cpf);
    expect(chavePixField.safeParse(42).error?.issues[0]?.message).toBe(CHAVE_PIX_MESSAGES.invalida);
  });
});
