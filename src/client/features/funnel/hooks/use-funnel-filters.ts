import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FunnelListParams } from '../api/funnel-keys';

export interface FunnelFilterValues {
  eventoId: string;
  q: string;
  data: string;
}

const EMPTY: FunnelFilterValues = { eventoId: '', q: '', data: '' };

/**
 * The filters of a funnel screen: what the inputs show now, and what the server is asked (the search only once
 * typing pauses). Any change of filter goes back to the first page.
 */
export function useFunnelFilters(pageSize: number = DEFAULT_PAGE_SIZE) {
  const [values, setValues] = useState<FunnelFilterValues>(EMPTY);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(values.q.trim(), 300);

  const params: FunnelListParams = useMemo(
    () => ({
      page,
      pageSize,
      q: q || undefined,
      eventoId: values.eventoId || undefined,
      data: values.data || undefined,
    }),
    [page, pageSize, q, values.eventoId, values.data],
  );

  const update = (patch: Partial<FunnelFilterValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const active = values.eventoId !== '' || values.q !== '' || values.data !== '';

  return {
    values,
    params,
    page,
    setPage,
    update,
    active,
    clear: () => update(EMPTY),
  };
}

export type FunnelFilters = ReturnType<typeof useFunnelFilters>;
