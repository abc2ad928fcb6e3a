import { useContext, useEffect, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  SEARCH_TOO_SHORT_MESSAGE,
  searchTooShort,
} from '@shared/schemas/list-query';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { resetPage, usePageCursor } from '@/hooks/use-page-cursor';
import type { DataTableSort } from '@/components/ui/data-table';

/** The address's names for a list's state (issue 23): a shared link, Reload and Back bring the same view. */
export const LIST_PARAMS = { q: 'q', page: 'page', pageSize: 'pageSize', sort: 'sort' } as const;

export interface ListSort<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

/** 'nome' -> nome ascending, '-nome' -> descending; anything outside `keys` is no sort. */
export function parseSort<K extends string>(value: string | null, keys: readonly K[]): ListSort<K> | undefined {
  if (!value) return undefined;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const key = value.replace(/^-/, '') as K;
  return keys.includes(key) ? { key, direction } : undefined;
}

export const sortParam = (sort: ListSort | undefined): string | undefined =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.key}` : undefined;

export interface ListStateOptions<K extends string> {
  /** The columns the server sorts by (the shared schema's whitelist). */
  sortKeys?: readonly K[];
  /** The filters this list keeps in the address besides q, page, pageSize and sort. */
  filters?: readonly string[];
  defaultPageSize?: number;
  /**
   * A large list (issue 46): a search too short to answer ('a', a bare '@') is not sent; the list stays as it
   * was without one and the box says why (`searchHint`), as the server would. A function is the list's own test
   * of a search too short to answer, its schema's (Eventos answers a UF, 'SP').
   */
  searchMinimum?: boolean | ((q: string) => boolean);
}

/**
 * A list screen's state in the address (issue 23): the search (typed at once, sent once typing pauses), the page,
 * the page size, the sort and the screen's filters. Changing a filter, the search, the size or the sort goes back
 * to page 1 and replaces the history entry; turning a page adds one, so Back returns to the page before.
 */
export function useListState<K extends string = string>({
  sortKeys = [],
  filters = [],
  defaultPageSize = DEFAULT_PAGE_SIZE,
  searchMinimum = false,
}: ListStateOptions<K> = {}) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const urlQ = searchParams.get(LIST_PARAMS.q) ?? '';
  const [search, setSearchValue] = useState(urlQ);
  const q = useDebouncedValue(search.trim(), 300);
  const tooShort = (value: string) =>
    typeof searchMinimum === 'function' ? searchMinimum(value) : searchMinimum && searchTooShort(value);
  /** What a typed search asks the server: nothing while it is too short to answer. */
  const sendable = (value: string) => (tooShort(value) ? '' : value);

  // The page, and past the first the cursor it was reached by (issue 46).
  const place = usePageCursor();
  const page = place.page ?? 1;
  const rawSize = Number(searchParams.get(LIST_PARAMS.pageSize));
  const pageSize = [...PAGE_SIZE_OPTIONS, defaultPageSize].includes(rawSize) ? rawSize : defaultPageSize;
  const sortValue = searchParams.get(LIST_PARAMS.sort);
  const sortKeysKey = sortKeys.join(',');
  const sort = useMemo(
    () => parseSort(sortValue, sortKeysKey ? (sortKeysKey.split(',') as K[]) : []),
    [sortValue, sortKeysKey],
  );

  // Each change starts from the router's latest address, not this render's (useAddressEditor): a filter picked
  // while the search's own write had not rendered yet would otherwise put the old search back (the box empty, the
  // list still searched: 'Nenhum usuário encontrado').
  const editAddress = useAddressEditor();
  const edit = (change: (next: URLSearchParams) => void, replace = true) => editAddress(change, { replace });
  const setOrDelete = (next: URLSearchParams, name: string, value: string | undefined | null) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };

  // The search reaches the address once typing pauses (one history entry, page 1).
  useEffect(() => {
    if (sendable(q) === sendable(urlQ.trim())) return;
    // Back or a link just put another search in the box: the pause still holds the old one.
    if (q !== search.trim()) return;
    // A link followed while typing paused: the router is already elsewhere (React renders its move as a
    // transition, after this screen's own update), and writing the search now would bring the user back here.
    // A link to a lazily loaded screen (the check-in's) is still a pending navigation while its code loads: the
    // router's location is this screen's until then, its navigation's the link's.
    const router = dataRouter?.router.state;
    if (router && router.location.pathname !== pathname) return;
    if (router?.navigation.location && router.navigation.location.pathname !== pathname) return;
    edit((next) => {
      setOrDelete(next, LIST_PARAMS.q, sendable(q));
      resetPage(next);
    });
    // Also once this screen renders the router's move to another address of its own (a lead's panel closed over
    // its list): a pause that ended before that render was left for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, pathname]);
  // Back or a link changed the address: the box shows its search (state adjusted while rendering).
  const [seenQ, setSeenQ] = useState(urlQ);
  if (seenQ !== urlQ) {
    setSeenQ(urlQ);
    // A search too short to send left the address without one: the box keeps what was typed.
    if (urlQ.trim() !== sendable(search.trim())) setSearchValue(urlQ);
  }

  const filterValues = Object.fromEntries(filters.map((name) => [name, searchParams.get(name) ?? '']));

  /** A column header's click: ascending, then descending, then the list's own order. */
  const toggleSort = (key: K) =>
    edit((next) => {
      const nextSort: ListSort<K> | undefined =
        sort?.key !== key
          ? { key, direction: 'asc' }
          : sort.direction === 'asc'
            ? { key, direction: 'desc' }
            : undefined;
      setOrDelete(next, LIST_PARAMS.sort, sortParam(nextSort));
      resetPage(next);
    });

  return {
    /** What the search box shows. */
    search,
    setSearch: (value: string) => setSearchValue(value),
    /** What the server is asked (undefined when empty, or too short on a large list). */
    q: sendable(urlQ.trim()) || undefined,
    /** Why the search typed is not sent (a large list's too-short search), once typing pauses; else null. */
    searchHint: tooShort(q) ? SEARCH_TOO_SHORT_MESSAGE : null,
    page,
    /** The page's number as the pagination shows it: null past a jump to a day (issue 46). */
    pageNumber: place.page,
    /** The day a date-sorted list jumped to, and the jump ('Ir para', issue 46). */
    irPara: place.irPara,
    jumpTo: place.jumpTo,
    setPage: place.setPage,
    /** What the list's query sends for its page: the number, and its cursor when the address has one (issue 46). */
    pageParams: place.params,
    /** The pagination's 'Anterior', 'Próxima' and 'Primeira' by the answer's cursors (issue 46). */
    keysetOf: place.keysetOf,
    pageSize,
    setPageSize: (value: number) =>
      edit((next) => {
        setOrDelete(next, LIST_PARAMS.pageSize, value === defaultPageSize ? undefined : String(value));
        resetPage(next);
      }),
    sort,
    /** The sort to send (`nome`, `-nome`). */
    sortParam: sortParam(sort),
    toggleSort,
    /** The header's sort state for the data table. */
    sortFor: (key: K): DataTableSort => ({
      direction: sort?.key === key ? sort.direction : null,
      onSort: () => toggleSort(key),
    }),
    filters: filterValues,
    /** Every filter of the list cleared at once (one address, page 1). */
    clearFilters: () =>
      edit((next) => {
        for (const name of filters) next.delete(name);
        resetPage(next);
      }),
    setFilter: (name: string, value: string | undefined) =>
      edit((next) => {
        setOrDelete(next, name, value);
        resetPage(next);
      }),
  };
}

export type ListState = ReturnType<typeof useListState>;
