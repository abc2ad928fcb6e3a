import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/**
 * A list screen's search box and page: typing goes back to page 1, and the server is asked for `q` only once the
 * typing stops (undefined when the box is empty).
 */
export function useListSearch() {
  const [search, setSearchValue] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const setSearch = (value: string) => {
    setSearchValue(value);
    setPage(1);
  };
  return { search, setSearch, q: q || undefined, page, setPage };
}
