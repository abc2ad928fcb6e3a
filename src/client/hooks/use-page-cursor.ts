import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CURSOR_PARAMS } from '@shared/schemas/list-cursor';
import { useAddressEditor } from '@/hooks/use-address-editor';
import type { PaginationKeyset } from '@/components/ui/pagination';

/** The address's names of a list's place (issue 23, 46): the page's number and the cursor it was reached by. */
export const PAGE_PARAM = 'page';
const PLACE_PARAMS = [PAGE_PARAM, CURSOR_PARAMS.apos, CURSOR_PARAMS.antes] as const;

/** Back to the first page: a filter's, search's, sort's or size's change lets go of the page and its cursor. */
export function resetPage(next: URLSearchParams): void {
  for (const name of PLACE_PARAMS) next.delete(name);
}

export interface PagePlace {
  /** The page's number: what 'Página N' shows, and the page asked for when no cursor names it. */
  page: number;
  apos?: string;
  antes?: string;
}

export function readPagePlace(params: URLSearchParams): PagePlace {
  const raw = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const apos = params.get(CURSOR_PARAMS.apos) || undefined;
  const antes = apos ? undefined : params.get(CURSOR_PARAMS.antes) || undefined;
  // A cursor names a page past the first: on page 1 (a hand-edited address) the first page is read.
  if (page === 1) return { page };
  return { page, ...(apos ? { apos } : {}), ...(antes ? { antes } : {}) };
}

/** The cursors an answer names (X-Next-Cursor, X-Prev-Cursor): absent where there is no such page. */
export interface AnswerCursors {
  next?: string | null;
  prev?: string | null;
}

/**
 * A list's place in the address (issue 46): the page's number and, past the first page, the cursor it was reached
 * by, so Reload, Back and a shared link open the same rows. 'Próxima' and 'Anterior' follow the answer's cursors
 * (the deepest page costs the server what the first does) and count the page's number on; a page chosen by its
 * number ('Primeira') drops the cursor. Each turn of a page adds a history entry.
 */
export function usePageCursor() {
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const place = readPagePlace(searchParams);
  const { page, apos, antes } = place;
  const params = useMemo(() => ({ page, ...(apos ? { apos } : {}), ...(antes ? { antes } : {}) }), [page, apos, antes]);
  const go = (edit: (next: URLSearchParams) => void) =>
    editAddress(
      (next) => {
        resetPage(next);
        edit(next);
      },
      { replace: false },
    );

  const setPage = (page: number) =>
    go((next) => {
      if (page > 1) next.set(PAGE_PARAM, String(page));
    });
  const nextPage = (cursor: string) =>
    go((next) => {
      next.set(PAGE_PARAM, String(place.page + 1));
      next.set(CURSOR_PARAMS.apos, cursor);
    });
  const previousPage = (cursor: string | null | undefined) =>
    go((next) => {
      // Back to the first page, or no cursor to go back by (the rows before it went away): the first page.
      if (place.page - 1 <= 1 || !cursor) return;
      next.set(PAGE_PARAM, String(place.page - 1));
      next.set(CURSOR_PARAMS.antes, cursor);
    });

  return {
    ...place,
    /** What the list's query sends: the page's number, and its cursor when the address has one. */
    params,
    setPage,
    /** The pagination's 'Anterior' and 'Próxima' by the answer's cursors. */
    keysetOf: (answer: AnswerCursors): PaginationKeyset => ({
      onPrevious: () => previousPage(answer.prev),
      onNext: answer.next ? () => nextPage(answer.next!) : null,
      onFirst: () => setPage(1),
    }),
  };
}
