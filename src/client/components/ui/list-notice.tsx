import { Button } from '@/components/ui/button';
import type { DataTableNotice } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';

/** What a list query gives a notice: its failure, its rows, a way to ask again. */
export interface NoticeSource {
  isError: boolean;
  error: unknown;
  data?: { items: readonly unknown[] };
  refetch: () => unknown;
}

export interface NoticeTexts {
  /** The failure's title when the server gave no message of its own. */
  failed: string;
  /** No rows at all. */
  empty: string;
  /** No rows for the filters; the empty title when not given. */
  emptyFiltered?: string;
  filtered: boolean;
  filteredDescription?: string;
}

/**
 * The notice of a list screen: the failure with 'Tentar novamente', or the empty state (saying whether the
 * filters emptied it), or none while rows or the first answer are on their way.
 */
export function listNotice(list: NoticeSource, texts: NoticeTexts): DataTableNotice | null {
  if (list.isError) return failureNotice(list, texts.failed);
  if (list.data && list.data.items.length === 0) {
    return {
      kind: 'empty',
      title: texts.filtered ? (texts.emptyFiltered ?? texts.empty) : texts.empty,
      description: texts.filtered ? (texts.filteredDescription ?? 'Tente outros filtros.') : undefined,
    };
  }
  return null;
}

/** A query's failure: the server's message (or `failed`) with 'Tentar novamente'. */
function failureNotice(query: Pick<NoticeSource, 'error' | 'refetch'>, failed: string): DataTableNotice {
  return {
    kind: 'error',
    title: errorMessage(query.error, failed),
    action: (
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Tentar novamente
      </Button>
    ),
  };
}

/**
 * The notice of a table whose rows are not a page of `items` -- an array answer, or rows built from an answer:
 * the failure with 'Tentar novamente', or the empty state once `rows` arrived empty (`undefined` while the first
 * answer is on its way), or none.
 */
export function rowsNotice(
  query: Pick<NoticeSource, 'isError' | 'error' | 'refetch'>,
  rows: readonly unknown[] | undefined,
  texts: { failed: string; empty: string; emptyDescription?: string },
): DataTableNotice | null {
  if (query.isError) return failureNotice(query, texts.failed);
  if (rows && rows.length === 0) return { kind: 'empty', title: texts.empty, description: texts.emptyDescription };
  return null;
}
