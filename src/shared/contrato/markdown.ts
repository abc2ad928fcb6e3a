/**
 * The Markdown a contract template is written in (issue 42, ADR 064): a small subset, parsed into plain data that
 * the screens render as React elements and nothing else. There is no HTML anywhere on the way -- a `<script>` typed
 * into a template is text, shown as typed -- so the rendering is safe by construction, not by sanitising.
 *
 * Blocks: headings (`#`, `##`, `###`), paragraphs (lines together; a blank line ends one), lists (`- ` or `* `, and
 * `1. `), and a rule (`---`). Inline: `**negrito**` and `*itálico*` or `_itálico_`. A backslash makes the next
 * punctuation mark plain text (`\*`), which is how the values filled into a contract stay text.
 */

export type Inline = { tipo: 'texto'; texto: string } | { tipo: 'negrito' | 'italico'; partes: Inline[] };

export type Bloco =
  | { tipo: 'titulo'; nivel: 1 | 2 | 3; partes: Inline[] }
  | { tipo: 'paragrafo'; linhas: Inline[][] }
  | { tipo: 'lista'; ordenada: boolean; itens: Inline[][] }
  | { tipo: 'separador' };

const TITULO = /^(#{1,3})\s+(.*)$/;
const ITEM = /^\s*[-*]\s+(.*)$/;
const ITEM_NUMERADO = /^\s*\d{1,3}\.\s+(.*)$/;
const SEPARADOR = /^\s*(-\s*){3,}$|^\s*(\*\s*){3,}$/;

/** A template's text as blocks. */
export function parseMarkdown(texto: string): Bloco[] {
  const blocos: Bloco[] = [];
  let paragrafo: Inline[][] = [];
  let lista: { ordenada: boolean; itens: Inline[][] } | null = null;

  const fecharParagrafo = () => {
    if (paragrafo.length > 0) blocos.push({ tipo: 'paragrafo', linhas: paragrafo });
    paragrafo = [];
  };
  const fecharLista = () => {
    if (lista) blocos.push({ tipo: 'lista', ...lista });
    lista = null;
  };

  for (const linha of texto.replace(/\r\n?/g, '\n').split('\n')) {
    if (linha.trim() === '') {
      fecharParagrafo();
      fecharLista();
      continue;
    }
    if (SEPARADOR.test(linha)) {
      fecharParagrafo();
      fecharLista();
      blocos.push({ tipo: 'separador' });
      continue;
    }
    const titulo = TITULO.exec(linha);
    if (titulo) {
      fecharParagrafo();
      fecharLista();
      blocos.push({ tipo: 'titulo', nivel: titulo[1]!.length as 1 | 2 | 3, partes: parseInline(titulo[2]!.trim()) });
      continue;
    }
    const numerado = ITEM_NUMERADO.exec(linha);
    const item = numerado ? null : ITEM.exec(linha);
    if (numerado || item) {
      fecharParagrafo();
      const ordenada = Boolean(numerado);
      if (lista && lista.ordenada !== ordenada) fecharLista();
      lista ??= { ordenada, itens: [] };
      lista.itens.push(parseInline((numerado ?? item)![1]!.trim()));
      continue;
    }
    // A line after a list item that is not an item continues the text as a paragraph.
    fecharLista();
    paragrafo.push(parseInline(linha.trim()));
  }
  fecharParagrafo();
  fecharLista();
  return blocos;
}

const PONTUACAO = /[\\`*_{}[\]()#+\-.!<>|~$%&/:;,=?@^"']/;

/** Inline text: bold, italic and escapes; an unmatched marker is plain text. */
export function parseInline(texto: string): Inline[] {
  const partes: Inline[] = [];
  let atual = '';
  const empurrarTexto = () => {
    if (atual) partes.push({ tipo: 'texto', texto: atual });
    atual = '';
  };
  let i = 0;
  while (i < texto.length) {
    const c = texto[i]!;
    if (c === '\\' && i + 1 < texto.length && PONTUACAO.test(texto[i + 1]!)) {
      atual += texto[i + 1];
      i += 2;
      continue;
    }
    if (c === '*' && texto[i + 1] === '*') {
      const fim = fechamento(texto, i + 2, '**');
      if (fim > i + 2) {
        empurrarTexto();
        partes.push({ tipo: 'negrito', partes: parseInline(texto.slice(i + 2, fim)) });
        i = fim + 2;
        continue;
      }
    } else if (c === '*' || c === '_') {
      const fim = fechamento(texto, i + 1, c);
      if (fim > i + 1 && texto[i + 1] !== ' ') {
        empurrarTexto();
        partes.push({ tipo: 'italico', partes: parseInline(texto.slice(i + 1, fim)) });
        i = fim + 1;
        continue;
      }
    }
    atual += c;
    i += 1;
  }
  empurrarTexto();
  return partes;
}

/** Where the closing marker is, from `desde`, skipping escaped characters; -1 when there is none. */
function fechamento(texto: string, desde: number, marcador: string): number {
  for (let i = desde; i < texto.length; i += 1) {
    if (texto[i] === '\\') {
      i += 1;
      continue;
    }
    if (texto.startsWith(marcador, i)) {
      // A single '*' right before '**' belongs to the bold marker.
      if (marcador === '*' && texto[i + 1] === '*') {
        i += 1;
        continue;
      }
      return i;
    }
  }
  return -1;
}

/** A value as plain text inside Markdown: every punctuation mark escaped, so it can never become formatting. */
export function escaparMarkdown(valor: string): string {
  return valor
    .replace(/\r?\n/g, ' ')
    .split('')
    .map((c) => (PONTUACAO.test(c) ? `\\${c}` : c))
    .join('');
}

/** The text of inline parts, without their formatting (a heading as a plain sentence, for tests and summaries). */
export function textoDe(partes: Inline[]): string {
  return partes.map((p) => (p.tipo === 'texto' ? p.texto : textoDe(p.partes))).join('');
}
