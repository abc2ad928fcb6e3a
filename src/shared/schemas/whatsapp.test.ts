import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { whatsappUrl } from './funnel';
import {
  WHATSAPP_MODELOS_PADRAO,
  WHATSAPP_PLACEHOLDERS,
  placeholdersDe,
  preencherMensagem,
  primeiroNome,
  whatsappModeloBodySchema,
} from './whatsapp';

const dados = { nome: 'Maria', aluno: 'João', evento: 'Colégio Alfa', data: '12/03/2026' };

describe('WhatsApp templates', () => {
  it("fills the family's first name, the student, the event and its date", () => {
    expect(preencherMensagem('Olá, {nome}! {aluno} esteve em {evento} ({data}).', dados)).toBe(
      'Olá, Maria! João esteve em Colégio Alfa (12/03/2026).',
    );
    expect(primeiroNome('  Maria Clara  Souza ')).toBe('Maria');
    expect(primeiroNome(null)).toBe('');
  });

  it('ships texts that hold only known placeholders and pass the schema', () => {
    for (const { texto } of Object.values(WHATSAPP_MODELOS_PADRAO)) {
      expect(whatsappModeloBodySchema.safeParse({ texto }).success).toBe(true);
      expect(placeholdersDe(texto).every((n) => n in WHATSAPP_PLACEHOLDERS)).toBe(true);
      expect(preencherMensagem(texto, dados)).not.toMatch(/\{\w+\}/);
    }
  });

  it('never reads a filled value as a placeholder (a name holding {data} stays as typed)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (nome, evento) => {
        const filled = preencherMensagem('{nome}|{evento}', { ...dados, nome, evento });
        expect(filled).toBe(`${nome}|${evento}`);
      }),
    );
  });

  it('puts the message in the wa.me link, encoded', () => {
    expect(whatsappUrl('(19) 99123-4567', 'Olá, Maria! & até já?')).toBe(
      'https://wa.me/5519991234567?text=Ol%C3%A1%2C%20Maria!%20%26%20at%C3%A9%20j%C3%A1%3F',
    );
    expect(whatsappUrl('19991234567')).toBe('https://wa.me/5519991234567');
    expect(whatsappUrl('123', 'Olá')).toBeNull();
  });
});
