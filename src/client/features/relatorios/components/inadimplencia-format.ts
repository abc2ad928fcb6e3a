import { FAIXA_ATRASO_LABELS, type FaixaAtraso } from '@shared/schemas/inadimplencia';

const umDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The API's rate (percent with one decimal, 13.8) as pt-BR: '13,8%'. */
export function formatTaxaInadimplencia(percent: number): string {
  return `${umDecimal.format(percent)}%`;
}

export const faixaLabel = (faixa: FaixaAtraso) => FAIXA_ATRASO_LABELS[faixa];
