import { type FunnelEvento, eventoLabel } from '@shared/schemas/funnel';
import type { ComboboxOption, ComboboxPage } from '@/components/ui/search-combobox';
import { COMBOBOX_PAGE_SIZE } from '@/components/ui/search-combobox';
import { api } from '@/lib/api-client';

/**
 * The searchable event filter's two calls (issue 21), shared by the funnel lists and Relatórios: both filter by
 * the events of the caller's scope that `GET /api/leads/eventos` lists.
 */
const toOption = (evento: FunnelEvento): ComboboxOption => ({ value: evento.id, label: eventoLabel(evento) });

/** A page of the events of the caller's scope whose school, city or date contains `q` (the server searches). */
export async function searchEventoOptions(q: string, page: number): Promise<ComboboxPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(COMBOBOX_PAGE_SIZE) });
  if (q) params.set('q', q);
  const { items, total } = await api.list<FunnelEvento>(`/api/leads/eventos?${params}`);
  return { options: items.map(toOption), total };
}

/** The event a link or a reload selected, when it is in the caller's scope. */
export async function findEventoOption(id: string): Promise<ComboboxOption | null> {
  const [evento] = await api.get<FunnelEvento[]>(`/api/leads/eventos?id=${encodeURIComponent(id)}`);
  return evento ? toOption(evento) : null;
}
