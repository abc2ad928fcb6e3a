import type { QueryClient } from '@tanstack/react-query';
import type { HistoricoEntry, LeadDetalhe } from '@shared/schemas/acompanhamento';
import { ACOMPANHAMENTO_RESUMO_QUERY_KEY } from '@/lib/query-keys';
import type { Invalidation } from '@/lib/react-query';
import { LEADS_LIST_QUERY_KEY, LEAD_QUERY_KEY } from './funnel-keys';
import { getLeadQueryOptions } from './get-lead';

/**
 * What any follow-up change makes stale: the lead (its history), the rows of Leads and Interesses (status,
 * responsável, return date) and the dashboard's follow-up cards.
 */
export const FOLLOW_UP_CHANGED: Invalidation = {
  keys: [LEAD_QUERY_KEY, LEADS_LIST_QUERY_KEY, ACOMPANHAMENTO_RESUMO_QUERY_KEY],
};

/** An entry shown before the server has it: its id says so, and the timeline marks it as being sent. */
export const PENDING_ENTRY_PREFIX = 'pendente-';

export function isPendingEntry(entry: HistoricoEntry): boolean {
  return entry.id.startsWith(PENDING_ENTRY_PREFIX);
}

let pendingCounter = 0;

/** A history entry for the timeline while the server saves it. */
export function pendingEntry(
  tipo: HistoricoEntry['tipo'],
  dados: Record<string, unknown>,
  autor: HistoricoEntry['autor'],
): HistoricoEntry {
  pendingCounter += 1;
  return { id: `${PENDING_ENTRY_PREFIX}${pendingCounter}`, tipo, em: new Date().toISOString(), autor, dados };
}

/**
 * Edits the cached lead at once and returns how to put it back: a refused change is undone, whatever else
 * arrived meanwhile (another entry) is kept.
 */
export async function editLeadOptimistically(
  queryClient: QueryClient,
  id: string,
  edit: (lead: LeadDetalhe) => LeadDetalhe,
  undo: (lead: LeadDetalhe) => LeadDetalhe,
): Promise<() => void> {
  const { queryKey } = getLeadQueryOptions(id);
  // A read under way would otherwise land over the edit with the old answer.
  await queryClient.cancelQueries({ queryKey });
  if (!queryClient.getQueryData(queryKey)) return () => undefined;
  queryClient.setQueryData(queryKey, (lead) => (lead ? edit(lead) : lead));
  return () => queryClient.setQueryData(queryKey, (lead) => (lead ? undo(lead) : lead));
}
