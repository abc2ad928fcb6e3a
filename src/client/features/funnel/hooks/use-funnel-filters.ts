import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { DEFAULT_PAGE_SIZE } from '@shared/schemas/list-query';
import { FUNNEL_SORT_KEYS, type FunnelSortKey } from '@shared/schemas/funnel';
import type { DataTableSort } from '@/components/ui/data-table';
import type { PaginationProps } from '@/components/ui/pagination';
import { LIST_PARAMS, parseSort, sortParam, useListState } from '@/hooks/use-list-state';
import { resetPage } from '@/hooks/use-page-cursor';
import type { Page } from '@/lib/api-client';
import { type DrillChip, drillChips, drillParamNames, readDrillFilter } from '@/lib/drill-filters';
import type { FunnelListParams } from '../api/funnel-keys';
import {
  type FollowUpFilter,
  RESPONSAVEL_NOME_PARAM,
  followUpChips,
  followUpParamNames,
  readFollowUpFilter,
} from './follow-up-filters';

export interface FunnelFilterValues {
  eventoId: string;
  q: string;
  data: string;
  /** Leads and Interesses only (issue 16); '' is every status, every responsável. */
  status: string;
  responsavelId: string;
  /** Issue 20: 'sim', 'nao' or '' (all). */
  listaEspera: string;
  presenca: string;
}

/** The filters kept in the address, so a link (a Relatórios drill-down) or the back button restores them. */
const URL_FILTERS = ['eventoId', 'data', 'status', 'responsavelId', 'listaEspera', 'presenca'] as const;

export interface FunnelFiltersOptions {
  /** Leads and Interesses: the follow-up filters (issue 16) too. The other lists neither read nor send them. */
  followUp?: boolean;
  pageSize?: number;
}

/**
 * The filters of a funnel screen: what the inputs show now, and what the server is asked (the search only once
 * typing pauses). Everything lives in the address, so Reload, Back and a shared link bring the same view back
 * (issue 23): the search, the page and the page size (useListState, as on the network lists), the event, the
 * event's date, the drill-down filters (issue 15: period, tree, place, each a removable chip) and, on Leads and
 * Interesses, the follow-up filters (issue 16: status and responsável as selects, the return date and 'no contact
 * yet' as chips). Any change of filter, search or size goes back to the first page; turning a page adds a history
 * entry.
 */
export function useFunnelFilters({
  followUp = false,
  pageSize: defaultPageSize = DEFAULT_PAGE_SIZE,
}: FunnelFiltersOptions = {}) {
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const list = useListState({ defaultPageSize, searchMinimum: true });
  const { search, setSearch, page, setPage, pageSize, setPageSize, pageParams } = list;
  const q = list.q ?? '';

  const eventoId = searchParams.get('eventoId') ?? '';
  const data = searchParams.get('data') ?? '';
  const drillKey = searchParams.toString();
  const drill = useMemo(() => readDrillFilter(new URLSearchParams(drillKey)), [drillKey]);
  const chips: DrillChip[] = useMemo(() => drillChips(new URLSearchParams(drillKey)), [drillKey]);
  const followUpFilter: Partial<FollowUpFilter> = useMemo(
    () => (followUp ? readFollowUpFilter(new URLSearchParams(drillKey)) : {}),
    [followUp, drillKey],
  );
  const followUpChipList: DrillChip[] = useMemo(
    () => (followUp ? followUpChips(new URLSearchParams(drillKey)) : []),
    [followUp, drillKey],
  );
  const responsavelNome = searchParams.get(RESPONSAVEL_NOME_PARAM);
  // The sort lives in the address with the filters (issue 23): a reload or a shared link keeps it.
  const sortValue = searchParams.get(LIST_PARAMS.sort);
  const sort = useMemo(() => parseSort<FunnelSortKey>(sortValue, FUNNEL_SORT_KEYS), [sortValue]);

  const params: FunnelListParams = useMemo(
    () => ({
      ...pageParams,
      pageSize,
      q: q || undefined,
      eventoId: eventoId || undefined,
      data: data || undefined,
      ...drill,
      ...followUpFilter,
      sort: sortParam(sort),
    }),
    [pageParams, pageSize, q, eventoId, data, drill, followUpFilter, sort],
  );

  // A filter's change replaces the history entry and goes back to page 1, in the same write (two writes in one
  // render would each start from the same address, the second undoing the first).
  const editUrl = (edit: (next: URLSearchParams) => void) =>
    editAddress((next) => {
      edit(next);
      resetPage(next);
    });

  const update = (patch: Partial<FunnelFilterValues>) => {
    if (patch.q !== undefined) setSearch(patch.q);
    if (URL_FILTERS.some((key) => patch[key] !== undefined)) {
      editUrl((next) => {
        for (const key of URL_FILTERS) {
          const value = patch[key];
          if (value === undefined) continue;
          if (value) next.set(key, value);
          else next.delete(key);
          // A vendedor's name belongs to the id it came with.
          if (key === 'responsavelId') next.delete(RESPONSAVEL_NOME_PARAM);
        }
      });
    }
  };

  const removeChip = (chip: DrillChip) => editUrl((next) => chip.keys.forEach((key) => next.delete(key)));

  const values: FunnelFilterValues = {
    eventoId,
    q: search,
    data,
    status: followUpFilter.status ?? '',
    responsavelId: followUpFilter.responsavelId ?? '',
    listaEspera: followUpFilter.listaEspera ?? '',
    presenca: followUpFilter.presenca ?? '',
  };
  const followUpActive = Object.keys(followUpFilter).length > 0;
  const active = eventoId !== '' || search !== '' || data !== '' || chips.length > 0 || followUpActive;
  /** How many filters are set: the phone's 'Filtros (N)' button (issue 51). */
  const count =
    [eventoId, search, data].filter((v) => v !== '').length + chips.length + Object.keys(followUpFilter).length;

  /** A date header's state and click: newest first (the default), oldest first, back to newest first. */
  const sortFor = (key: FunnelSortKey): DataTableSort => ({
    // Without a sort the list is newest first: the header says so.
    direction: sort?.key === key ? sort.direction : 'desc',
    onSort: () =>
      editUrl((next) => {
        if (sort?.key === key && sort.direction === 'asc') next.delete(LIST_PARAMS.sort);
        else next.set(LIST_PARAMS.sort, key);
      }),
  });

  return {
    values,
    /** Why the search typed is not sent ('Digite pelo menos 3 letras ou números para buscar.'), or null. */
    searchHint: list.searchHint,
    params,
    sortFor,
    page,
    setPage,
    /** The 'Por página' choice (issue 23). */
    setPageSize,
    /** The list's pagination once a page is loaded (its total, exact or capped), for DataTable. */
    paginationOf: (
      data: Pick<Page<unknown>, 'total' | 'exact' | 'next' | 'prev'> | undefined,
    ): PaginationProps | undefined =>
      data
        ? {
            page: list.pageNumber,
            pageSize: params.pageSize,
            total: data.total,
            totalExact: data.exact,
            onPageChange: setPage,
            onPageSizeChange: setPageSize,
            // Issue 46: 'Anterior' and 'Próxima' by the answer's cursors, kept in the address.
            keyset: list.keysetOf(data),
            // 'Ir para' a day: the funnel lists are sorted by their own date.
            jump: { day: list.irPara, onJump: list.jumpTo },
          }
        : undefined,
    update,
    active,
    count,
    chips,
    removeChip,
    /** The follow-up filters only a link sets (return date, no contact yet), each a chip. */
    followUpChips: followUpChipList,
    /** Some follow-up filter is set: the cliente's Leads lists without an event then (a dashboard card's link). */
    followUpActive,
    /**
     * The list was opened from a follow-up queue (a dashboard card's link: the return date or no contact yet, filters
     * only a link sets): on a phone its rows come first, the filters behind 'Filtros (N)' (issue 51).
     */
    fromQueue: followUpFilter.retorno !== undefined || followUpFilter.semContato !== undefined,
    responsavelNome,
    clear: () => {
      setSearch('');
      editUrl((next) =>
        [LIST_PARAMS.q, ...URL_FILTERS, ...drillParamNames(), ...(followUp ? followUpParamNames() : [])].forEach(
          (key) => next.delete(key),
        ),
      );
    },
  };
}

export type FunnelFilters = ReturnType<typeof useFunnelFilters>;
