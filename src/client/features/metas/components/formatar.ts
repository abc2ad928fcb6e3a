import { formatBRL, formatCount } from '@shared/format';
import type { MetaEtapa, MetaNivel } from '@shared/metas/enums';
import { fromCentavos, toCentavos } from '@shared/money/parcelas';

/** A goal's figure as read: a count of families, or R$ for `parcelas_pagas` (stored in centavos). */
export const formatarValor = (etapa: MetaEtapa, valor: number | null | undefined): string =>
  valor == null ? '-' : etapa === 'parcelas_pagas' ? formatBRL(fromCentavos(valor)) : formatCount(valor);

/** '38,5%' from the API's percent with one decimal, or '-' without a goal. */
export const formatarPercentual = (percentual: number | null | undefined): string =>
  percentual == null ? '-' : `${percentual.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;

/** What the goal's field shows to edit: '1200' for a count, '1234,56' for R$. */
export const valorParaCampo = (etapa: MetaEtapa, valor: number | null): string =>
  valor == null
    ? ''
    : etapa === 'parcelas_pagas'
      ? fromCentavos(valor).toLocaleString('pt-BR', { minimumFractionDigits: 2, useGrouping: false })
      : String(valor);

/**
 * What was typed as the API's whole number (centavos for R$), or null when it is not a number: '1.234,5' reads as
 * 1234,50; a count takes whole numbers only.
 */
export function campoParaValor(etapa: MetaEtapa, texto: string): number | null {
  const limpo = texto.trim().replace(/\s|R\$/g, '');
  if (etapa === 'parcelas_pagas') {
    if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(limpo)) return null;
    return toCentavos(Number(limpo.replace(/\./g, '').replace(',', '.')));
  }
  if (!/^\d{1,3}(\.\d{3})*$|^\d+$/.test(limpo)) return null;
  return Number(limpo.replace(/\./g, ''));
}

/** A level's units, in the plural: 'vendedores', 'micro-franquias'. */
export const NIVEL_PLURAL: Record<MetaNivel, string> = {
  rede: 'redes',
  franquia: 'franquias',
  micro_franquia: 'micro-franquias',
  vendedor: 'vendedores',
  cliente: 'clientes',
};
