import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableProps } from '@/components/ui/data-table';
import { LiveListControls } from '@/components/ui/live-list-controls';
import type { ListState } from '@/hooks/use-list-state';
import type { Page } from '@/lib/api-client';
import { type LiveList, useLiveList } from '@/hooks/use-live-list';

/**
 * A network list's page of rows, kept live (issue 23) -- Franquias, Micro-franquias, Clientes, Usuários (issue
 * 41): the rows shown, their total, whether they are in, and the pagination that goes with the list's state.
 */
export interface RecordList<T> {
  live: LiveList<T>;
  rows: T[];
  total: number;
  /** False when the server stopped counting at `total` (X-Total-Count-Exact, issue 21): 'mais de 10.000'. */
  exact: boolean;
  /** An answer is shown (the count can be said). */
  loaded: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: Error | null;
  pagination: NonNullable<DataTableProps<{ id: string }>['pagination']>;
}

/** `params` are what the query was asked with: new ones show their first answer at once (`useLiveList`). */
export function useRecordList<T>(
  query: UseQueryResult<Page<T>>,
  list$: Pick<ListState, 'pageNumber' | 'pageSize' | 'setPage' | 'setPageSize' | 'keysetOf'>,
  params: object,
): RecordList<T> {
  const live = useLiveList(query, JSON.stringify(params));
  const total = live.data?.total ?? 0;
  const exact = live.data?.exact ?? true;
  return {
    live,
    rows: live.data?.items ?? [],
    total,
    exact,
    loaded: live.data !== undefined,
    isPending: query.isPending,
    isPlaceholderData: query.isPlaceholderData,
    isError: query.isError,
    error: query.error,
    pagination: {
      page: list$.pageNumber,
      pageSize: list$.pageSize,
      total,
      totalExact: exact,
      rowCount: live.data?.items.length,
      onPageChange: list$.setPage,
      onPageSizeChange: list$.setPageSize,
      // Issue 46: 'Anterior' and 'Próxima' by the answer's cursors, kept in the address.
      keyset: list$.keysetOf(live.data ?? {}),
    },
  };
}

export interface RecordListCardProps<T extends { id: string }> extends Omit<
  DataTableProps<T>,
  'rows' | 'isLoading' | 'isUpdating' | 'pagination'
> {
  title: string;
  /** Beside the title: the count, the filter in force. */
  badges?: ReactNode;
  list: RecordList<T>;
}

/** The list's card: its title and badges with the live list's buttons, then the table with its search and pages. */
export function RecordListCard<T extends { id: string }>({ title, badges, list, ...table }: RecordListCardProps<T>) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center gap-2 max-sm:px-4">
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
        {badges}
        <LiveListControls live={list.live} className="ml-auto" />
      </CardHeader>
      <CardContent className="max-sm:px-4">
        <DataTable
          {...table}
          rows={list.rows}
          isLoading={list.isPending}
          isUpdating={list.isPlaceholderData}
          pagination={list.pagination}
        />
      </CardContent>
    </Card>
  );
}

/** The toolbar's 'Novo …' button. */
export function NewRecordButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}
