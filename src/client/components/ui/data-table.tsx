import { Fragment, type MouseEvent, type ReactNode, useId } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Search, type LucideIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination, type PaginationProps } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { SearchHint } from '@/components/ui/search-hint';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/utils';

/** One column: its header and how a row fills its cell. The first column is a card's title on phones. */
export interface DataTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for the column's header and cells (alignment, no wrapping). */
  className?: string;
  /** A column the server sorts by: its header becomes a button and carries aria-sort. */
  sort?: DataTableSort;
}

/** A sortable column's state: the current direction (null when another column sorts) and what a click asks. */
export interface DataTableSort {
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A cell with nothing in it (no action for this row, say): a phone's card leaves out its label too. */
const isEmptyCell = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/**
 * A column's header cell: its text, or a button that sorts by it. A header's words wrap whatever the column's
 * cells do (issue 39, item 17): a table of many short numbers ('Lead → Pré-matrícula' over '12,5%') is as wide
 * as its numbers, not as its headers laid end to end, and fits its card at 1280 px.
 */
function HeaderCell<T>({ column }: { column: DataTableColumn<T> }) {
  const sort = column.sort;
  const className = cn(column.className, 'whitespace-normal');
  if (!sort) {
    return (
      <TableHead scope="col" className={className}>
        {column.header}
      </TableHead>
    );
  }
  const Icon = sort.direction === 'asc' ? ArrowUp : sort.direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead scope="col" className={className} aria-sort={sort.direction ? ARIA_SORT[sort.direction] : 'none'}>
      <button
        type="button"
        onClick={sort.onSort}
        className="-mx-1 inline-flex items-center gap-1 text-balance rounded px-1 py-0.5 font-semibold hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {column.header}
        <Icon aria-hidden="true" className={cn('size-3.5', sort.direction ? 'opacity-100' : 'opacity-60')} />
      </button>
    </TableHead>
  );
}

/** What the list shows instead of rows: an error (read out at once), an empty state or a prompt. */
export interface DataTableNotice {
  kind: 'error' | 'empty' | 'prompt';
  title: string;
  description?: string;
  icon?: LucideIcon;
  /** A button under the text, e.g. 'Criar primeira franquia'. */
  action?: ReactNode;
}

/** The list's free-text search; the screen owns the value (it debounces and resets the page). */
export interface DataTableSearch {
  id: string;
  label: string;
  /** The label is read by assistive technology only; the placeholder says it on screen. */
  labelHidden?: boolean;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the search typed is not sent (a large list's too-short search, issue 46), read with the box. */
  hint?: string | null;
}

const SKELETON_ROWS = 5;

/**
 * The checkbox column is as narrow as its box, and the column after it starts close to it: a list that fitted at
 * 1280 px still fits with its checkboxes.
 */
const SELECT_CELL = 'w-px pl-2 pr-0';
const AFTER_SELECT = 'pl-2';

/**
 * Rows chosen for an action on several at once (issue 50, Ações em lote): a checkbox before each row and, in the
 * header (above the cards on a phone), one for the whole page. The screen owns the chosen ids.
 */
export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  /** The ids whose box changed (one row, or the page's) and their new state. */
  onChange: (ids: string[], checked: boolean) => void;
  /** A row's checkbox name: 'Selecionar Ana Lima'. */
  rowLabel: (row: T) => string;
  /** The page's checkbox name. */
  pageLabel?: string;
}

function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 cursor-pointer accent-primary"
    />
  );
}

/** The page's checkbox: checked when every row is chosen, mixed when some are. */
function PageSelectBox<T extends { id: string }>({ rows, selection }: { rows: T[]; selection: DataTableSelection<T> }) {
  const chosen = rows.filter((row) => selection.selected.has(row.id)).length;
  return (
    <SelectBox
      label={selection.pageLabel ?? 'Selecionar todos desta página'}
      checked={rows.length > 0 && chosen === rows.length}
      indeterminate={chosen > 0 && chosen < rows.length}
      onChange={(checked) =>
        selection.onChange(
          rows.map((row) => row.id),
          checked,
        )
      }
    />
  );
}

function RowSelectBox<T extends { id: string }>({ row, selection }: { row: T; selection: DataTableSelection<T> }) {
  return (
    <SelectBox
      label={selection.rowLabel(row)}
      checked={selection.selected.has(row.id)}
      onChange={(checked) => selection.onChange([row.id], checked)}
    />
  );
}

export interface DataTableProps<T extends { id: string }> {
  /** The table's accessible name (and its scroll area's). */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  isLoading: boolean;
  /**
   * The rows shown are the previous answer while another is asked for (a new sort, page or filter): the table says
   * it is busy (`aria-busy`) until the new rows are in.
   */
  isUpdating?: boolean;
  /** A sentence while loading where SPEC names one; otherwise five skeleton rows. */
  loadingText?: string;
  notice?: DataTableNotice | null;
  search?: DataTableSearch;
  /** Filters and buttons beside the search. */
  toolbar?: ReactNode;
  /** Shown once loaded; hidden by Pagination itself while everything fits on one page. */
  pagination?: PaginationProps;
  /**
   * How the cards below 1024 px are marked up. 'rows' (default): the one table, each row drawn as a card, so
   * the rows and their headers stay a table for assistive technology. 'list': a list of cards replaces the table
   * (the funnel lists, read as lists on phones).
   */
  cards?: 'rows' | 'list';
  /**
   * A click anywhere on a row (outside its links and buttons, and not while selecting its text) opens it. The
   * keyboard needs its own way in: give the row a button that does the same.
   */
  onRowClick?: (row: T) => void;
  /** Issue 50: checkboxes to choose rows for an action on several at once. */
  selection?: DataTableSelection<T>;
}

/** The row's click handler, or nothing: a click on a control of its own, or a text selection, is left alone. */
function rowClickHandler<T>(row: T, onRowClick: ((row: T) => void) | undefined) {
  if (!onRowClick) return undefined;
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, select, textarea, [role="button"]')) return;
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };
}

function NoticeView({ notice }: { notice: DataTableNotice }) {
  const Icon = notice.icon;
  return (
    <div className="flex flex-col items-center gap-3 px-2 py-12 text-center">
      {Icon ? <Icon aria-hidden="true" className="size-10 text-muted-foreground" /> : null}
      <div role={notice.kind === 'error' ? 'alert' : undefined} className="flex flex-col gap-1">
        <p className={cn('font-medium', notice.kind === 'error' ? 'text-destructive' : 'text-foreground')}>
          {notice.title}
        </p>
        {notice.description ? <p className="text-sm text-muted-foreground">{notice.description}</p> : null}
      </div>
      {notice.action}
    </div>
  );
}

function SearchField({ search }: { search: DataTableSearch }) {
  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <Label htmlFor={search.id} className={search.labelHidden ? 'sr-only' : undefined}>
        {search.label}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={search.id}
          type="search"
          className="pl-9"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
          aria-describedby={search.hint ? `${search.id}-dica` : undefined}
        />
      </div>
      {search.hint !== undefined && <SearchHint id={`${search.id}-dica`} hint={search.hint} />}
    </div>
  );
}

/**
 * A list screen's table: columns as data, skeleton rows (or SPEC's loading sentence), the notice in place of
 * rows, an optional search with the screen's filters and buttons, and the pages. From 1024 px it is a table;
 * narrower, each row is a card of label and value, so a phone never scrolls sideways.
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  isLoading,
  isUpdating = false,
  loadingText,
  notice,
  search,
  toolbar,
  pagination,
  cards = 'rows',
  onRowClick,
  selection,
}: DataTableProps<T>) {
  let content: ReactNode;
  if (isLoading && loadingText) {
    content = (
      <p role="status" className="px-2 py-12 text-center text-muted-foreground">
        {loadingText}
      </p>
    );
  } else if (!isLoading && notice) {
    // The notice is shown once for every width (a hidden copy would be read twice by tests and tools).
    content = <NoticeView notice={notice} />;
  } else if (cards === 'list') {
    content = (
      <TableWithCardList
        caption={caption}
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        busy={isUpdating}
        onRowClick={onRowClick}
        selection={selection}
      />
    );
  } else {
    content = (
      <TableOfCards
        caption={caption}
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        busy={isUpdating}
        onRowClick={onRowClick}
        selection={selection}
      />
    );
  }

  // 'Próxima' under the rows brings the list's top into view (issue 23): the next page starts where it reads.
  const topId = useId();
  const toTop = () => document.getElementById(topId)?.scrollIntoView?.({ block: 'start' });
  const { keyset } = pagination ?? {};
  const pages: PaginationProps | undefined = pagination
    ? {
        rowCount: rows.length,
        ...pagination,
        onPageChange: (next: number) => {
          pagination.onPageChange(next);
          toTop();
        },
        keyset: keyset && {
          onPrevious: keyset.onPrevious
            ? () => {
                keyset.onPrevious?.();
                toTop();
              }
            : null,
          onNext: keyset.onNext
            ? () => {
                keyset.onNext?.();
                toTop();
              }
            : null,
          onFirst: () => {
            keyset.onFirst();
            toTop();
          },
        },
      }
    : undefined;

  return (
    <div className="flex flex-col gap-4">
      {search || toolbar ? (
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          {search ? <SearchField search={search} /> : null}
          {toolbar ? <div className="flex flex-col gap-2 sm:flex-row md:items-end">{toolbar}</div> : null}
        </div>
      ) : null}
      <div id={topId} className="scroll-mt-4">
        {pages && !isLoading ? <Pagination {...pages} position="top" /> : null}
        {content}
        {pages && !isLoading ? <Pagination {...pages} /> : null}
      </div>
    </div>
  );
}

interface BodyProps<T extends { id: string }> {
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  isLoading: boolean;
  /** The previous answer's rows, shown while the next is asked for. */
  busy?: boolean;
  onRowClick?: (row: T) => void;
  selection?: DataTableSelection<T>;
}

/**
 * One table for every width. Below lg the rows become cards: the header row stays for screen readers only, and
 * each cell shows its header beside the value (hidden from screen readers, which read the real header).
 */
function TableOfCards<T extends { id: string }>({
  caption,
  columns,
  rows,
  isLoading,
  busy = false,
  onRowClick,
  selection,
}: BodyProps<T>) {
  return (
    <Table aria-label={caption} aria-busy={isLoading || busy || undefined} className="max-lg:block">
      <TableHeader className="max-lg:sr-only">
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead scope="col" className={SELECT_CELL}>
              <PageSelectBox rows={rows} selection={selection} />
            </TableHead>
          ) : null}
          {columns.map((column) => (
            <HeaderCell key={column.key} column={column} />
          ))}
        </TableRow>
      </TableHeader>
      <TableBody className="max-lg:block">
        {isLoading
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <TableRow
                key={index}
                data-testid="skeleton-row"
                className="max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:py-4"
              >
                {columns.map((column) => (
                  <TableCell key={column.key} className="max-lg:p-0">
                    <Skeleton className="h-4 w-full max-w-40" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows.map((row) => (
              <TableRow
                key={row.id}
                onClick={rowClickHandler(row, onRowClick)}
                className={cn('max-lg:flex max-lg:flex-col max-lg:gap-2 max-lg:py-4', onRowClick && 'cursor-pointer')}
              >
                {selection ? (
                  <TableCell className={cn(SELECT_CELL, 'max-lg:p-0')}>
                    <RowSelectBox row={row} selection={selection} />
                  </TableCell>
                ) : null}
                {columns.map((column, index) => {
                  const value = column.cell(row);
                  return (
                    <TableCell
                      key={column.key}
                      className={cn(
                        column.className,
                        'max-lg:flex max-lg:min-w-0 max-lg:items-start max-lg:gap-3 max-lg:p-0 max-lg:text-left max-lg:whitespace-normal',
                        index === 0 && 'max-lg:text-base',
                        isEmptyCell(value) && 'max-lg:hidden',
                      )}
                    >
                      {index === 0 ? null : (
                        <span
                          aria-hidden="true"
                          className="w-28 shrink-0 pt-0.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground lg:hidden"
                        >
                          {column.header}
                        </span>
                      )}
                      {/* Inline on wide screens, so a cell's text reads as before (no extra line breaks). */}
                      <span className="max-lg:min-w-0 max-lg:flex-1 max-lg:[overflow-wrap:anywhere]">{value}</span>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

/** Tailwind's `lg`, where the table replaces the cards. */
const WIDE = '(min-width: 64rem)';

/**
 * A table from lg, and below it a separate list of cards. Only the one the width shows is rendered (a page of 500
 * rows is not drawn twice); where the browser cannot tell the width, both are, and CSS hides the other.
 */
function TableWithCardList<T extends { id: string }>({
  caption,
  columns,
  rows,
  isLoading,
  busy = false,
  onRowClick,
  selection,
}: BodyProps<T>) {
  const [first, ...rest] = columns;
  const wide = useMediaQuery(WIDE);
  return (
    <>
      {wide === false ? null : (
        <div className="hidden lg:block">
          <Table aria-label={caption} aria-busy={isLoading || busy || undefined}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {selection ? (
                  <TableHead scope="col" className={SELECT_CELL}>
                    <PageSelectBox rows={rows} selection={selection} />
                  </TableHead>
                ) : null}
                {columns.map((column, index) => (
                  <HeaderCell
                    key={column.key}
                    column={
                      selection && index === 0 ? { ...column, className: cn(column.className, AFTER_SELECT) } : column
                    }
                  />
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {isLoading
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    <TableRow key={index} data-testid="skeleton-row">
                      {selection ? <TableCell className={SELECT_CELL} /> : null}
                      {columns.map((column) => (
                        <TableCell key={column.key}>
                          <Skeleton className="h-4 w-full max-w-40" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : rows.map((row) => (
                    <TableRow
                      key={row.id}
                      onClick={rowClickHandler(row, onRowClick)}
                      className={onRowClick ? 'cursor-pointer' : undefined}
                      data-state={selection?.selected.has(row.id) ? 'selected' : undefined}
                    >
                      {selection ? (
                        <TableCell className={SELECT_CELL}>
                          <RowSelectBox row={row} selection={selection} />
                        </TableCell>
                      ) : null}
                      {columns.map((column, index) => (
                        <TableCell
                          key={column.key}
                          className={cn(column.className, selection && index === 0 && AFTER_SELECT)}
                        >
                          {column.cell(row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </div>
      )}

      {wide === true ? null : (
        <div className="lg:hidden" aria-busy={isLoading || busy || undefined}>
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
            <>
              {selection && rows.length > 0 ? (
                <div className="flex items-center gap-2 border-b border-border px-2 py-3 text-sm">
                  <PageSelectBox rows={rows} selection={selection} />
                  <span aria-hidden="true">{selection.pageLabel ?? 'Selecionar todos desta página'}</span>
                </div>
              ) : null}
              <ul aria-label={caption} className="divide-y divide-border">
                {rows.map((row) => (
                  <li
                    key={row.id}
                    onClick={rowClickHandler(row, onRowClick)}
                    className={cn('flex flex-col gap-3 px-2 py-4', onRowClick && 'cursor-pointer')}
                  >
                    {selection ? (
                      <div className="flex items-start gap-3">
                        <span className="pt-1">
                          <RowSelectBox row={row} selection={selection} />
                        </span>
                        {first ? <div className="min-w-0 flex-1 text-base">{first.cell(row)}</div> : null}
                      </div>
                    ) : first ? (
                      <div className="text-base">{first.cell(row)}</div>
                    ) : null}
                    <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
                      {rest.map((column) => {
                        const value = column.cell(row);
                        return isEmptyCell(value) ? null : (
                          <Fragment key={column.key}>
                            <dt className="pt-0.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                              {column.header}
                            </dt>
                            <dd className="min-w-0">{value}</dd>
                          </Fragment>
                        );
                      })}
                    </dl>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  );
}
