import { useId } from 'react';
import { ChevronLeft, ChevronRight, ChevronsLeft } from 'lucide-react';
import { formatCount } from '@shared/format';
import { PAGE_SIZE_OPTIONS } from '@shared/schemas/list-query';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * Keyset paging (issue 46): 'Anterior' and 'Próxima' follow the cursors of the page shown instead of counting pages,
 * so a deep page costs what the first does; 'Primeira' goes back to the start at once.
 */
export interface PaginationKeyset {
  onPrevious: () => void;
  /** Null on the last page: the answer named no page after it. */
  onNext: (() => void) | null;
  onFirst: () => void;
}

export interface PaginationProps {
  page: number;
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
}: PaginationProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const offersSize = Boolean(onPageSizeChange) && total > PAGE_SIZE_OPTIONS[0];
  // A page reached by cursor stays reachable back even when the rows shrank under it.
  const turns = pages > 1 || page > 1;
  if (!turns && !offersSize) return null;
  const hasNext = keyset ? keyset.onNext !== null : page < pages;
  // Past a total the server stopped counting (a page reached by cursor), the range is the page's own rows.
  const beyond = !totalExact && rowCount !== undefined && page * pageSize > total;
  const first = total === 0 || (beyond && rowCount === 0) ? 0 : (page - 1) * pageSize + 1;
  const last = beyond ? first + Math.max(0, rowCount - 1) : Math.min(total, page * pageSize);
  const totalText = totalExact ? formatCount(total) : `mais de ${formatCount(total)}`;
  const top = position === 'top';
  return (
    <nav
      aria-label={top ? 'Paginação (topo da lista)' : 'Paginação'}
      className={cn('flex flex-wrap items-center justify-between gap-2 text-sm', top ? 'pb-4' : 'pt-4')}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground">
          {formatCount(first)}–{formatCount(last)} de {totalText}
        </p>
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
      </div>
      {turns ? (
        <div className="flex flex-wrap items-center gap-2">
          {keyset && page > 2 ? (
            <Button variant="outline" size="sm" onClick={keyset.onFirst}>
              <ChevronsLeft aria-hidden="true" />
              Primeira
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => (keyset ? keyset.onPrevious() : onPageChange(page - 1))}
          >
            <ChevronLeft aria-hidden="true" />
            Anterior
          </Button>
          <span aria-current={top ? undefined : 'page'} className="tabular-nums">
            {totalExact && page <= pages ? `Página ${page} de ${pages}` : `Página ${page}`}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasNext}
            onClick={() => (keyset?.onNext ? keyset.onNext() : onPageChange(page + 1))}
          >
            Próxima
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
