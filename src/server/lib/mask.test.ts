import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alteracoesDe,
  limparObjeto,
  limparTexto,
  mascararCpf,
  mascararEmail,
  mascararNome,
  mascararTelefone,
} from './mask';

describe('masking (issue 17)', () => {
  it('shows a CPF, an e-mail, a phone and a name as the issue does', () => {
    expect(mascararCpf('123.456.789-01')).toBe('***.***.*89-01');
    expect(mascararCpf('12345678901')).toBe('***.***.*89-01');
    expect(mascararEmail('joao.silva@gmail.com')).toBe('j***@g***.com');
    expect(mascararTelefone('(11) 98765-4321')).toBe('(**) *****-4321');
    expect(mascararNome('  Maria da  Silva ')).toBe('M*** d*** S***');
  });

  it('compares two records field by field, masked, without secrets or bookkeeping', () => {
    const antes = {
      id: 'x',
      nomeFantasia: 'Escola A',
      user: { email: 'a@b.com.br', cpf: '52998224725', password: 'h' },
    };
    const depois = {
      id: 'x',
      nomeFantasia: 'Escola B',
      user: { email: 'c@d.com.br', cpf: '52998224725', password: 'k' },
    };
    expect(alteracoesDe(antes, depois)).toEqual({
      nomeFantasia: ['Escola A', 'Escola B'],
      email: ['a***@b***.br', 'c***@d***.br'],
    });
    expect(alteracoesDe(antes, antes)).toBeNull();
    expect(alteracoesDe(null, { telefone: '11987654321' })).toEqual({ telefone: [null, '(**) *****-4321'] });
  });

  it('scrubs e-mails, CPFs and phone numbers out of a free text, and leaves dates and ids', () => {
    expect(limparTexto('fale com maria@exemplo.com.br ou (11) 98765-4321, CPF 123.456.789-01')).toBe(
      'fale com m***@e***.br ou (*********21, CPF ***.***.*89-01',
    );
    expect(limparTexto('2026-11-23')).toBe('2026-11-23');
    expect(limparTexto('550e8400-e29b-41d4-a716-446655440000')).toBe('550e8400-e29b-41d4-a716-446655440000');
    expect(limparObjeto({ q: 'ana@x.com', senhaAtual: 'segredo123', token: 't', eventoId: '1234567890123' })).toEqual({
      q: 'a***@x***.com',
      eventoId: '1234567890123',
    });
  });

  it('never keeps a raw e-mail, CPF, phone or secret, whatever the record (property)', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
    const email = fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{2,12}$/), fc.stringMatching(/^[a-z]{2,10}\.(com|com\.br|org)$/))
      .map(([local, domain]) => `${local}@${domain}`);
    const cpf = digits(11).map((d) => d.join(''));
    const telefone = digits(11).map(
      (d) => `(${d.slice(0, 2).join('')}) ${d.slice(2, 7).join('')}-${d.slice(7).join('')}`,
    );
    const filler = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(email, cpf, telefone, fc.string({ minLength: 8, maxLength: 30 }), filler, (e, c, t, senha, text) => {
        const record = { email: e, cpf: c, telefone: t, password: senha, senhaAtual: senha, nota: `${text} ${e} ${c}` };
        const stored = JSON.stringify([alteracoesDe(null, record), limparObjeto({ ...record, q: `${text}${t}` })]);
        expect(stored).not.toContain(e);
        expect(stored).not.toContain(c);
        expect(stored).not.toContain(t);
        expect(stored).not.toContain(JSON.stringify(senha).slice(1, -1));
      }),
      { numRuns: 500, seed: 20_261_123 },
    );
  });
});
