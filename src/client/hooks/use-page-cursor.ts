import { useContext, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type Query, QueryClientContext } from '@tanstack/react-query';
import { CURSOR_PARAMS } from '@shared/schemas/list-cursor';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { PaginationKeyset } from '@/components/ui/pagination';

/**
 * The address's names of a list's place (issue 23, 46): the page's number, the cursor it was reached by, and the
 * day a date-sorted list jumped to ('Ir para').
 */
export const PAGE_PARAM = 'page';
export const JUMP_PARAM = 'irPara';
const PLACE_PARAMS = [PAGE_PARAM, CURSOR_PARAMS.apos, CURSOR_PARAMS.antes, JUMP_PARAM] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the screen says when it let go of a place the server refused (a stale or hand-edited cursor). */
export const STALE_PLACE_NOTICE = {
  title: 'Voltamos à primeira página',
  description: 'O endereço tinha uma posição da lista que não vale mais (de outra ordenação ou alterada).',
} as const;

/**
 * The server refused the page's place itself: a 400 naming the cursor, the day or the page's number among its
 * fields (a cursor of another order or list, malformed, or a day that is none). Any other refusal is the screen's.
 */
export function refusesPlace(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return Object.keys(error.errors ?? {}).some((field) => (PLACE_PARAMS as readonly string[]).includes(field));
}

/** Back to the first page: a filter's, search's, sort's or size's change lets go of the page and its cursor. */
export function resetPage(next: URLSearchParams): void {
  for (const name of PLACE_PARAMS) next.delete(name);
}

export interface PagePlace {
  /**
   * The page's number: what 'Página N' shows, and the page asked for when no cursor names it. Null past a jump to a
   * day: the rows before it were never counted.
   */
  page: number | null;
  apos?: string;
  antes?: string;
  /** The day jumped to ('Ir para'), YYYY-MM-DD. */
  irPara?: string;
}

export function readPagePlace(params: URLSearchParams): PagePlace {
  const raw = Number(params.get(PAGE_PARAM));
  const numbered = params.has(PAGE_PARAM) && Number.isInteger(raw) && raw >= 1;
  const page = numbered && raw > 1 ? raw : 1;
  const apos = params.get(CURSOR_PARAMS.apos) || undefined;
  const antes = apos ? undefined : params.get(CURSOR_PARAMS.antes) || undefined;
  const irPara = params.get(JUMP_PARAM) ?? '';
  // A cursor without a number is a page reached from a jump; a cursor on page 1 (a hand-edited address) is ignored.
  if ((apos || antes) && !numbered) return { page: null, ...(apos ? { apos } : {}), ...(antes ? { antes } : {}) };
  if (!apos && !antes && DAY.test(irPara)) return { page: null, irPara };
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
  const { page, apos, antes, irPara } = place;
  useForgetRefusedPlace(place, editAddress);
  const params = useMemo(
    () => ({
      page: page ?? 1,
      ...(apos ? { apos } : {}),
      ...(antes ? { antes } : {}),
      ...(irPara ? { irPara } : {}),
    }),
    [page, apos, antes, irPara],
  );
  const go = (edit: (next: URLSearchParams) => void) =>
    editAddress(
      (next) => {
        resetPage(next);
        edit(next);
      },
      { replace: false },
    );

  const setPage = (value: number) =>
    go((next) => {
      if (value > 1) next.set(PAGE_PARAM, String(value));
    });
  const nextPage = (cursor: string) =>
    go((next) => {
      if (page !== null) next.set(PAGE_PARAM, String(page + 1));
      next.set(CURSOR_PARAMS.apos, cursor);
    });
  const previousPage = (cursor: string | null | undefined) =>
    go((next) => {
      // Back to the first page, or no cursor to go back by (the rows before it went away): the first page.
      if ((page !== null && page - 1 <= 1) || !cursor) return;
      if (page !== null) next.set(PAGE_PARAM, String(page - 1));
      next.set(CURSOR_PARAMS.antes, cursor);
    });

  return {
    ...place,
    /** What the list's query sends: the page's number, and its cursor or day when the address has one. */
    params,
    setPage,
    /** 'Ir para' a day: the list's page from that day's first row (a date-sorted list, issue 46). */
    jumpTo: (day: string) => go((next) => next.set(JUMP_PARAM, day)),
    /** The pagination's 'Anterior' and 'Próxima' by the answer's cursors. */
    keysetOf: (answer: AnswerCursors): PaginationKeyset => ({
      // Past a jump the page's number is unknown: the answer says whether a page stands before it.
      onPrevious: page !== null || answer.prev ? () => previousPage(answer.prev) : null,
      onNext: answer.next ? () => nextPage(answer.next!) : null,
      onFirst: () => setPage(1),
    }),
  };
}

/**
 * A link kept from another sort, an old bookmark or a hand-edited address may hold a cursor (or a day, or a page
 * number) the server refuses with 400: the list would stay on its error. When a list's query that carried this
 * address's place fails so, the place is let go of -- the address drops it, replacing its history entry -- and the
 * list shows its first page with a short notice. One watch for every list that pages by cursor: the queries are
 * recognised by the place's values (all of them) in their keys, as each list's query sends its page's params.
 */
function useForgetRefusedPlace(place: PagePlace, editAddress: ReturnType<typeof useAddressEditor>) {
  // Without TanStack Query (a test of the address alone) there is no list to watch.
  const queryClient = useContext(QueryClientContext);
  const { page, apos, antes, irPara } = place;
  useEffect(() => {
    const values = [apos, antes, irPara, page !== null && page > 1 ? `"page":${page},` : undefined].filter(
      (value): value is string => Boolean(value),
    );
    if (!queryClient || values.length === 0) return;
    const cache = queryClient.getQueryCache();
    const refused = (query: Query) =>
      query.state.status === 'error' &&
      refusesPlace(query.state.error) &&
      values.every((value) => JSON.stringify(query.queryKey).includes(value));
    let forgotten = false;
    const forget = () => {
      if (forgotten) return;
      forgotten = true;
      // The refused answers go too: a later page of the same number is not mistaken for them.
      queryClient.removeQueries({ predicate: refused });
      editAddress(resetPage, { replace: true });
      toast(STALE_PLACE_NOTICE);
    };
    if (cache.getAll().some(refused)) {
      forget();
      return;
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.type === 'updated' && refused(event.query)) forget();
    });
    return unsubscribe;
  }, [queryClient, page, apos, antes, irPara, editAddress]);
}
