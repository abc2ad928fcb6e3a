import { Fragment, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

export interface FunnelColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** What the list shows instead of rows. */
export type FunnelTableNotice = { kind: 'error' | 'empty' | 'prompt'; title: string; description?: string };

const SKELETON_ROWS = 5;

export interface FunnelTableProps<T extends { id: string }> {
  caption: string;
  columns: FunnelColumn<T>[];
  rows: T[];
  isLoading: boolean;
  notice?: FunnelTableNotice | null;
}

function Notice({ notice }: { notice: FunnelTableNotice }) {
  return (
    <div role={notice.kind === 'error' ? 'alert' : undefined} className="flex flex-col items-center gap-1 text-center">
      <p className={cn('font-medium', notice.kind === 'error' ? 'text-destructive' : 'text-foreground')}>
        {notice.title}
      </p>
      {notice.description ? <p className="text-sm text-muted-foreground">{notice.description}</p> : null}
    </div>
  );
}

/**
 * A funnel list with its skeleton rows, empty state, prompt or error in place of rows. From 1024 px it is a
 * table; narrower, each row is a card of label and value, so a phone never scrolls sideways.
 */
export function FunnelTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  isLoading,
  notice,
}: FunnelTableProps<T>) {
  const [first, ...rest] = columns;
  const showNotice = !isLoading && notice;

  let body: ReactNode;
  if (isLoading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <TableRow key={index} data-testid="skeleton-row">
        {columns.map((column) => (
          <TableCell key={column.key}>
            <Skeleton className="h-4 w-full max-w-40" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else {
    body = rows.map((row) => (
      <TableRow key={row.id}>
        {columns.map((column) => (
          <TableCell key={column.key} className={column.className}>
            {column.cell(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  // The notice is shown once for every width (a hidden copy would be read twice by tests and tools).
  if (showNotice) {
    return (
      <div className="px-2 py-12">
        <Notice notice={notice} />
      </div>
    );
  }

  return (
    <>
      <div className="hidden lg:block">
        <Table aria-busy={isLoading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column) => (
                <TableHead key={column.key} scope="col">
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </div>

      <div className="lg:hidden" aria-busy={isLoading || undefined}>
        {isLoading ? (
          <div aria-hidden="true" className="flex flex-col gap-4 py-4">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <div key={index} className="flex flex-col gap-2 px-2">
                <Skeleton className="h-5 w-40" />
                <Skeleton className="h-4 w-56 max-w-full" />
              </div>
            ))}
          </div>
        ) : (
          <ul aria-label={caption} className="divide-y divide-border">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-col gap-3 px-2 py-4">
                {first ? <div className="text-base">{first.cell(row)}</div> : null}
                <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
                  {rest.map((column) => (
                    <Fragment key={column.key}>
                      <dt className="pt-0.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                        {column.header}
                      </dt>
                      <dd className="min-w-0">{column.cell(row)}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
