import type { FunnelFilter } from '@shared/schemas/funnel';

/**
 * Every funnel query starts with this key, so making a pre-matrícula effective refreshes the four lists, their
 * cards and the aluno's dashboard section at once.
 */
export const FUNNEL_QUERY_KEY = ['funnel'] as const;

/** What a list query sends: the page and the (already debounced) filters. */
export interface FunnelListParams extends FunnelFilter {
  page: number;
  pageSize: number;
}

/** The filters as URL parameters; empty ones are left out. */
export function funnelSearchParams(filter: FunnelFilter, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.eventoId) params.set('eventoId', filter.eventoId);
  if (filter.q) params.set('q', filter.q);
  if (filter.data) params.set('data', filter.data);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params;
}

/** The address of a list's CSV export with its current filters: the server streams the file. */
export function exportCsvUrl(path: string, filter: FunnelFilter, extra: Record<string, string> = {}): string {
  const query = funnelSearchParams(filter, extra).toString();
  return query ? `${path}?${query}` : path;
}
