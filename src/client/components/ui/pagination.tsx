import { Suspense, lazy, useId, useState } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { formatCount, formatDateOnly, formatTotalCount } from '@shared/format';
import { PAGE_SIZE_OPTIONS } from '@shared/schemas/list-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * Keyset paging (issue 46): 'Anterior' and 'Próxima' follow the cursors of the page shown instead of counting pages,
 * so a deep page costs what the first does; 'Primeira' goes back to the start at once.
 */
export interface PaginationKeyset {
  /** Null when no page stands before this one (known only by the answer past a jump to a day). */
  onPrevious: (() => void) | null;
  /** Null on the last page: the answer named no page after it. */
  onNext: (() => void) | null;
  onFirst: () => void;
}

/** 'Ir para' a day (issue 46): a date-sorted list opens the page from that day's first row. */
export interface PaginationJump {
  /** The day jumped to (YYYY-MM-DD), when the page shown is one. */
  day?: string;
  onJump: (day: string) => void;
}

export interface PaginationProps {
  /** The page's number; null past a jump to a day (the rows before it were never counted). */
  page: number | null;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /**
   * False when the server stopped counting at `total` (a list that counts up to a limit, like Auditoria's): the
   * pages say 'de mais de {total}' and do not claim a last page.
   */
  totalExact?: boolean;
  /** The 'Por página' choice (issue 23); without it the size is fixed. */
  onPageSizeChange?: (pageSize: number) => void;
  /** 'top' above the rows, 'bottom' under them (the default); each its own navigation landmark. */
  position?: 'top' | 'bottom';
  /** The list pages by cursor (issue 46); without it 'Anterior' and 'Próxima' ask for pages by number. */
  keyset?: PaginationKeyset;
  /** The rows the page shows: past a total the server stopped counting, the range ends there. */
  rowCount?: number;
  /** 'Ir para' a day, above the rows (a list sorted by date, issue 46). */
  jump?: PaginationJump;
}

/**
 * Pages of a server-side list (DESIGN §4.3), above and under the rows (issue 23), with the page-size choice when
 * the screen offers it. Hidden when everything fits on the smallest page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  totalExact = true,
  onPageSizeChange,
  position = 'bottom',
  keyset,
  rowCount,
  jump,
}: PaginationProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const offersSize = Boolean(onPageSizeChange) && total > PAGE_SIZE_OPTIONS[0];
  // A page reached by cursor or by a day stays reachable back even when the rows shrank under it.
  const turns = pages > 1 || page !== 1;
  if (!turns && !offersSize) return null;
  const hasNext = keyset ? keyset.onNext !== null : page !== null && page < pages;
  const hasPrevious = page === null ? Boolean(keyset?.onPrevious) : page > 1;
  const totalText = formatTotalCount(total, totalExact);
  const top = position === 'top';
  // A page by number past the last (an address kept while the rows shrank): no range of its own, and 'Anterior'
  // goes to the last page there is.
  const pastTheEnd = page !== null && totalExact && page > pages;
  let range: string;
  if (page === null || pastTheEnd) {
    range = jump?.day ? `A partir de ${formatDateOnly(jump.day)} · ${totalText} no total` : `${totalText} no total`;
  } else {
    // Past a total the server stopped counting (a page reached by cursor), the range is the page's own rows.
    const beyond = !totalExact && rowCount !== undefined && page * pageSize > total;
    const first = total === 0 || (beyond && rowCount === 0) ? 0 : (page - 1) * pageSize + 1;
    const last = beyond ? first + Math.max(0, rowCount - 1) : Math.min(total, page * pageSize);
    range = `${formatCount(first)}–${formatCount(last)} de ${totalText}`;
  }
  return (
    <nav
      aria-label={top ? 'Paginação (topo da lista)' : 'Paginação'}
      className={cn('flex flex-wrap items-center justify-between gap-2 text-sm', top ? 'pb-4' : 'pt-4')}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground">{range}</p>
        {offersSize && onPageSizeChange ? (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId} className="text-muted-foreground">
              Por página
            </label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {[...new Set([...PAGE_SIZE_OPTIONS, pageSize])]
                .sort((a, b) => a - b)
                .map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
            </select>
          </span>
        ) : null}
        {jump && top && turns ? <JumpToDay jump={jump} /> : null}
      </div>
      {turns ? (
        // One line on a phone (360 px): 'Primeira' as its icon (its name still said), 'Anterior' and 'Próxima' as
        // their words, the page's number between them.
        <div className="flex items-center gap-2 max-sm:w-full max-sm:justify-between">
          {keyset && (page === null || page > 2) ? (
            <Button variant="outline" size="sm" onClick={keyset.onFirst} className="max-sm:px-2.5">
              <ChevronsLeft aria-hidden="true" />
              <span className="max-sm:sr-only">Primeira</span>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="max-sm:px-2"
            disabled={!hasPrevious}
            onClick={() =>
              keyset ? keyset.onPrevious?.() : page !== null && onPageChange(pastTheEnd ? pages : page - 1)
            }
          >
            <ChevronLeft aria-hidden="true" className="max-sm:hidden" />
            Anterior
          </Button>
          {page !== null ? (
            <span aria-current={top ? undefined : 'page'} className="whitespace-nowrap tabular-nums">
              {totalExact && page <= pages ? `Página ${page} de ${pages}` : `Página ${page}`}
            </span>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="max-sm:px-2"
            disabled={!hasNext}
            onClick={() => (keyset?.onNext ? keyset.onNext() : page !== null && onPageChange(page + 1))}
          >
            Próxima
            <ChevronRight aria-hidden="true" className="max-sm:hidden" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** The day field of 'Ir para': the pt-BR date input (typed or picked), loaded with the first list that offers it. */
const DateInput = lazy(() => import('@/components/ui/date-input').then((m) => ({ default: m.DateInput })));

function JumpToDay({ jump }: { jump: PaginationJump }) {
  const id = useId();
  const [day, setDay] = useState(jump.day ?? '');
  return (
    // On a phone the label takes its own line and the field keeps its 'Ir' beside it, the field as wide as is left.
    <form
      className="flex flex-wrap items-center gap-x-2 gap-y-1 max-sm:w-full"
      onSubmit={(event) => {
        event.preventDefault();
        if (day) jump.onJump(day);
      }}
    >
      <label htmlFor={id} className="text-muted-foreground max-sm:basis-full">
        Ir para a data
      </label>
      <span className="flex min-w-0 items-center gap-2 max-sm:flex-1">
        <Suspense fallback={<span className="h-9 w-40" />}>
          <DateInput id={id} value={day} onValueChange={setDay} className="w-48 max-sm:w-auto max-sm:flex-1" />
        </Suspense>
        <Button type="submit" variant="outline" size="sm" disabled={!day}>
          Ir
        </Button>
      </span>
    </form>
  );
}
