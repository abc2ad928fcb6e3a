import { useMediaQuery } from '@/hooks/use-media-query';

/** The charts' axis text: Relatórios', Inadimplência's, Royalties' and Metas'. */
export const AXIS_TICK = { fill: '#475569', fontSize: 12 };

/** About how wide a character of AXIS_TICK's 12 px sans-serif is, in px: wide enough for names in capitals. */
const LARGURA_DO_CARACTERE = 7;
/** The line height of a name's two lines: two fit the 36 px a bar's row has. */
const ALTURA_DA_LINHA = 14;

/**
 * A category's name in the lines an axis `largura` px wide holds: wrapped at spaces, at most two lines, the second
 * cut with '…' when the name goes on. A word longer than a line is cut too. Recharts wraps a long name into as many
 * lines as it takes and centres them on the bar, so a school's name with its city and date ran into the next bar's
 * (a cliente's Inadimplência by evento, 2026-12-02).
 */
export function linhasDoRotulo(texto: string, largura: number): string[] {
  const max = Math.max(4, Math.floor(largura / LARGURA_DO_CARACTERE));
  const cortada = (linha: string) => `${linha.slice(0, max - 1).trimEnd()}…`;
  const palavras = texto.trim().split(/\s+/).filter(Boolean);
  const linhas: string[] = [];
  let i = 0;
  while (i < palavras.length && linhas.length < 2) {
    let linha = palavras[i++]!;
    while (i < palavras.length && `${linha} ${palavras[i]}`.length <= max) linha = `${linha} ${palavras[i++]}`;
    linhas.push(linha);
  }
  const sobrou = i < palavras.length;
  return linhas.map((linha, k) => (linha.length > max || (sobrou && k === linhas.length - 1) ? cortada(linha) : linha));
}

export interface RotuloDeCategoriaProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  /** The axis' width for text, in px. */
  largura: number;
}

/**
 * A category axis' tick (`useEixoDeCategoria`'s): the name in at most
 * two lines beside its bar, the whole name in its `<title>` (a pointer's tooltip); the chart's table ('Ver como
 * tabela') and its description hold every name whole.
 */
export function RotuloDeCategoria({ x = 0, y = 0, payload, largura }: RotuloDeCategoriaProps) {
  const texto = String(payload?.value ?? '');
  const linhas = linhasDoRotulo(texto, largura);
  // The lines centred on the bar: the first half a line above the middle when there are two.
  const primeira = linhas.length > 1 ? -ALTURA_DA_LINHA / 2 : 0;
  return (
    <g transform={`translate(${Number(x)},${Number(y)})`}>
      <title>{texto}</title>
      <text textAnchor="end" fill={AXIS_TICK.fill} fontSize={AXIS_TICK.fontSize} dominantBaseline="central">
        {linhas.map((linha, i) => (
          <tspan key={i} x={0} y={primeira + i * ALTURA_DA_LINHA}>
            {linha}
          </tspan>
        ))}
      </text>
    </g>
  );
}

/**
 * A category axis' `width` and `tick`, to spread on recharts' `<YAxis type="category" {...eixo} />`: on a screen
 * from 768 px, 220 px, room for a school's name with its city and date in two lines; on a phone, 140, so the bars
 * keep the rest of the width. The text keeps 8 px from the axis.
 */
export function useEixoDeCategoria() {
  const width = useMediaQuery('(min-width: 768px)') ? 220 : 140;
  return {
    width,
    tick: (props: Omit<RotuloDeCategoriaProps, 'largura'>) => <RotuloDeCategoria {...props} largura={width - 8} />,
  };
}
