import { useListState } from '@/hooks/use-list-state';

/**
 * A list screen's search box and page, kept in the address (issue 23: Reload, Back and a shared link bring the
 * view back): typing goes back to page 1, and the server is asked for `q` only once the typing stops (undefined
 * when the box is empty). Screens that also sort or choose a page size use useListState itself.
 */
export function useListSearch() {
  const { search, setSearch, q, page, setPage } = useListState();
  return { search, setSearch, q, page, setPage };
}
