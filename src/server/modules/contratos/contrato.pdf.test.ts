import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MODELO_INICIAL } from '../../../shared/contrato/modelo';
import { type ContratoParaPdf, renderContratoPdf, sha256 } from './contrato.pdf';

/**
 * The contract's PDF skips jsPDF's plugins for other scripts (Arabic shaping, bidirectional reordering, embedded
 * Unicode fonts): a render costs a fifth less. An accepted contract's SHA-256 was recorded with them, and every later
 * download must hash the same -- so the bytes must not change, whatever a network writes in its template.
 */

const contrato = (texto: string, titulo = 'Contrato de prestação de serviços educacionais'): ContratoParaPdf => ({
  id: '6f1d2c3b-4a59-4e8f-9b7a-0c1d2e3f4a5b',
  titulo,
  versao: 3,
  texto,
  valorTotal: 1200,
  parcelas: 10,
  valorParcela: 120,
  valorUltimaParcela: 120,
  createdAt: new Date('2026-11-02T13:00:00Z'),
  aceitoEm: new Date('2026-11-03T14:30:00Z'),
  aceiteIp: '203.0.113.9',
  aceiteCanal: 'email',
});

const semPlugins = (c: ContratoParaPdf) => renderContratoPdf(c, 'https://rede.exemplo.com.br');
const comPlugins = (c: ContratoParaPdf) => renderContratoPdf(c, 'https://rede.exemplo.com.br', true);

/** Words of a template: Portuguese with its accents, figures, marks a word processor pastes, and other scripts. */
const palavra = fc.oneof(
  fc.constantFrom(
    'matrícula',
    'CONTRATANTE',
    'ção',
    'à',
    'R$ 1.200,00',
    '7 (sete) dias',
    '§ 2º',
    'nº',
    '50%',
    '—',
    '“aspas”',
  ),
  fc.constantFrom('مرحبا', 'שלום', '漢字', '😀', 'ﬁ', '\u00A0', '\t', 'Ω', '€', '«', '»'),
  fc.string({ minLength: 1, maxLength: 14 }),
  fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,40}$/),
);
const linha = fc.array(palavra, { minLength: 1, maxLength: 40 }).map((p) => p.join(' '));
const bloco = fc.oneof(
  linha,
  linha.map((l) => `# ${l}`),
  linha.map((l) => `## ${l}`),
  fc.array(linha, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l) => `- ${l}`).join('\n')),
  fc.array(linha, { minLength: 1, maxLength: 4 }).map((ls) => ls.map((l, i) => `${i + 1}. **${l}**`).join('\n')),
  fc.constant('---'),
);

describe("the contract's PDF without jsPDF's plugins for other scripts", () => {
  it('has the same bytes as with them: the network template, and one that runs to several pages', () => {
    expect(sha256(semPlugins(contrato(MODELO_INICIAL)))).toBe(sha256(comPlugins(contrato(MODELO_INICIAL))));
    const longo = contrato(Array.from({ length: 12 }, () => MODELO_INICIAL).join('\n\n'));
    const pdf = semPlugins(longo);
    expect(pdf.toString('latin1')).toMatch(/\/Count [3-9]\b|\/Count \d{2,}\b/);
    expect(sha256(pdf)).toBe(sha256(comPlugins(longo)));
  });

  it('has the same bytes as with them for any template, title and script', () => {
    fc.assert(
      fc.property(fc.array(bloco, { minLength: 1, maxLength: 12 }), linha, (blocos, titulo) => {
        const c = contrato(blocos.join('\n\n'), titulo);
        expect(semPlugins(c).equals(comPlugins(c))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
