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
  if (list.isError) {
    return {
      kind: 'error',
      title: errorMessage(list.error, texts.failed),
      action: (
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Tentar novamente
        </Button>
      ),
    };
  }
  if (list.data && list.data.items.length === 0) {
    return {
      kind: 'empty',
      title: texts.filtered ? (texts.emptyFiltered ?? texts.empty) : texts.empty,
      description: texts.filtered ? (texts.filteredDescription ?? 'Tente outros filtros.') : undefined,
    };
  }
  return null;
}
