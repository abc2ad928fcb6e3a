import type { FunnelFilter } from '@shared/schemas/funnel';
import type { DrillFilter } from '@shared/schemas/relatorios';
import { DRILL_KEYS } from '@/lib/drill-filters';
import { FOLLOW_UP_KEYS, type FollowUpFilter } from '../hooks/follow-up-filters';

/**
 * Every funnel query starts with this key, so making a pre-matrícula effective refreshes the four lists, their
 * cards and the aluno's dashboard section at once.
 */
export const FUNNEL_QUERY_KEY = ['funnel'] as const;

/** Leads and Interesses: every page and filter of GET /api/leads. */
export const LEADS_LIST_QUERY_KEY = [...FUNNEL_QUERY_KEY, 'leads'] as const;

/** One lead followed up (issue 16): its detail and the vendedores it may be assigned to. */
export const LEAD_QUERY_KEY = [...FUNNEL_QUERY_KEY, 'lead'] as const;

/** A list's filters: the toolbar's, the drill-down's from the address (issue 15) and the follow-up's (issue 16). */
export type FunnelListFilter = FunnelFilter & Partial<DrillFilter> & Partial<FollowUpFilter>;

/** What a list query sends: the page and the (already debounced) filters. */
export interface FunnelListParams extends FunnelListFilter {
  page: number;
  pageSize: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named (the page then is a label). */
  apos?: string;
  antes?: string;
  /** 'Ir para' (issue 46): the page from this day's first row in the list's order. */
  irPara?: string;
  /** 'criadoEm' (oldest first) or '-criadoEm'; absent is the list's newest first (issue 23). */
  sort?: string;
}

/** The filters as URL parameters; empty ones are left out. */
export function funnelSearchParams(filter: FunnelListFilter, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.eventoId) params.set('eventoId', filter.eventoId);
  if (filter.q) params.set('q', filter.q);
  if (filter.data) params.set('data', filter.data);
  for (const key of [...DRILL_KEYS, ...FOLLOW_UP_KEYS]) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** The address of a list's CSV export with its current filters: the server streams the file. */
export function exportCsvUrl(path: string, filter: FunnelListFilter, extra: Record<string, string> = {}): string {
  const query = funnelSearchParams(filter, extra).toString();
  return query ? `${path}?${query}` : path;
}
