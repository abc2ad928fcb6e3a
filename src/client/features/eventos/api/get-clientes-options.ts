import type { ComboboxOption, ComboboxPage } from '@/components/ui/search-combobox';
import { COMBOBOX_PAGE_SIZE } from '@/components/ui/search-combobox';
import { api } from '@/lib/api-client';

export interface ClienteOption {
  id: string;
  nomeFantasia: string;
}

/** The event form's cliente searches (issue 21) are kept under this key. */
export const CLIENTES_OPTIONS_QUERY_KEY = ['eventos', 'clientes-options'] as const;

/**
 * A page of the active clientes in the caller's scope whose name contains `q`, for the event form's searchable
 * cliente picker (issue 21): the server searches, 20 at a time, so every cliente of a national network is
 * reachable (the select it replaces offered the first 500). A deactivated cliente is not offered.
 */
export async function searchClienteOptions(q: string, page: number): Promise<ComboboxPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(COMBOBOX_PAGE_SIZE), status: 'ativos' });
  if (q) params.set('q', q);
  const { items, total } = await api.list<ClienteOption>(`/api/clientes?${params}`);
  return { options: items.map(toOption), total };
}

const toOption = ({ id, nomeFantasia }: ClienteOption): ComboboxOption => ({ value: id, label: nomeFantasia });
