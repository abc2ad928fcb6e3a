import { describe, expect, it } from 'vitest';
import { escaparMarkdown, parseInline, parseMarkdown, textoDe } from './markdown';

describe('parseMarkdown (issue 42: the contract template, no HTML on the way)', () => {
  it('reads headings, paragraphs, lists and rules', () => {
    const blocos = parseMarkdown('# Título\n\nLinha um\nlinha dois\n\n- a\n- b\n\n1. um\n2. dois\n\n---\n## Fim');
    expect(blocos.map((b) => b.tipo)).toEqual(['titulo', 'paragrafo', 'lista', 'lista', 'separador', 'titulo']);
    expect(blocos[1]).toEqual({
      tipo: 'paragrafo',
      linhas: [[{ tipo: 'texto', texto: 'Linha um' }], [{ tipo: 'texto', texto: 'linha dois' }]],
    });
    expect(blocos[2]).toMatchObject({ ordenada: false, itens: [[{ texto: 'a' }], [{ texto: 'b' }]] });
    expect(blocos[3]).toMatchObject({ ordenada: true });
    expect(blocos[5]).toMatchObject({ nivel: 2 });
  });

  it('reads bold and italic, and leaves an unmatched marker as text', () => {
    expect(parseInline('um **dois** _três_ *quatro*')).toEqual([
      { tipo: 'texto', texto: 'um ' },
      { tipo: 'negrito', partes: [{ tipo: 'texto', texto: 'dois' }] },
      { tipo: 'texto', texto: ' ' },
      { tipo: 'italico', partes: [{ tipo: 'texto', texto: 'três' }] },
      { tipo: 'texto', texto: ' ' },
      { tipo: 'italico', partes: [{ tipo: 'texto', texto: 'quatro' }] },
    ]);
    expect(textoDe(parseInline('2 * 3 = 6 e **sem fim'))).toBe('2 * 3 = 6 e **sem fim');
  });

  it('keeps HTML as the text it is', () => {
    const [bloco] = parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(bloco).toEqual({
      tipo: 'paragrafo',
      linhas: [[{ tipo: 'texto', texto: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }]],
    });
  });

  it('never turns an escaped value into formatting, at any place in a line', () => {
    for (const valor of ['***.***.*89-01', '# não é título', '- nem item', '1. nem lista', 'R$ 1.200,00', '**x**']) {
      const blocos = parseMarkdown(escaparMarkdown(valor));
      expect(blocos).toEqual([{ tipo: 'paragrafo', linhas: [[{ tipo: 'texto', texto: valor }]] }]);
    }
  });
});
