import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatCount } from '@shared/format';
import { Button } from '@/components/ui/button';

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
}

/** Pages of a server-side list (DESIGN §4.3); hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, totalExact = true }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const totalText = totalExact ? formatCount(total) : `mais de ${formatCount(total)}`;
  return (
    <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-2 pt-4 text-sm">
      <p className="text-muted-foreground">
        {formatCount(first)}–{formatCount(last)} de {totalText}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <span aria-current="page" className="tabular-nums">
          {totalExact ? `Página ${page} de ${pages}` : `Página ${page}`}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Próxima
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
