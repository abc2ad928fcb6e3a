import { FUNNEL_LISTS, type FunnelList } from '@shared/schemas/funnel';
import { ApiError } from '@/lib/api-client';
import type { DataTableNotice } from '@/components/ui/data-table';

/** A 403 means the role may not see the list at all (SPEC §6). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** SPEC §8: the 403 sentence for a forbidden list, the generic one for any other failure. */
export function listErrorMessage(list: FunnelList, error: unknown): string {
  return isForbidden(error) ? FUNNEL_LISTS[list].forbidden : FUNNEL_LISTS[list].failed;
}

/** What the table shows instead of rows: the error, or the empty state (with a hint while filtering). */
export function listNotice(
  list: FunnelList,
  query: { isError: boolean; error: unknown; data?: { items: unknown[] } },
  filtering: boolean,
): DataTableNotice | null {
  if (query.isError) return { kind: 'error', title: listErrorMessage(list, query.error) };
  if (query.data && query.data.items.length === 0) {
    return {
      kind: 'empty',
      title: FUNNEL_LISTS[list].empty,
      description: filtering ? 'Tente outros filtros ou limpe a busca.' : undefined,
    };
  }
  return null;
}
