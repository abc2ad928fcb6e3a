import type { LeadsView } from '@shared/schemas/funnel';
import { type FunnelListFilter, funnelSearchParams } from '../../api/funnel-keys';
import type { LeadsLoteInput } from '../../api/leads-lote';

/**
 * Which leads a bulk action names (issue 50): the ids chosen, or -- 'Selecionar todos os X que atendem aos
 * filtros' -- the list's current filters, as its address and its CSV have them (the page and the sort left out).
 */
export function loteAlvo(
  { ids, todos }: { ids: ReadonlySet<string>; todos: boolean },
  filter: FunnelListFilter,
  view: LeadsView,
): Pick<LeadsLoteInput, 'ids' | 'filtro'> {
  if (todos) return { filtro: { ...Object.fromEntries(funnelSearchParams(filter)), view } };
  return { ids: [...ids] };
}
