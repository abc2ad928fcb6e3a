import { origemResumo, type OrigemVista } from '@shared/metas/origem';
import type { DataTableColumn } from '@/components/ui/data-table';

/** Whether a page's rows carry the origin: the staff's do (null when none), the aluno's own never. */
export const comOrigem = (rows: readonly { origem?: OrigemVista | null }[] | undefined) =>
  (rows ?? []).some((row) => row.origem !== undefined);

/**
 * 'Origem' (issue 48): where the family came from, in a few words -- 'Link de <vendedor>', 'Link do evento', or
 * utm_source / utm_campaign -- or '—'. The lead's panel shows every field.
 */
export function origemColumn<T extends { origem?: OrigemVista | null }>(): DataTableColumn<T> {
  return {
    key: 'origem',
    header: 'Origem',
    cell: (row) => <span className="block max-w-40 [overflow-wrap:anywhere]">{origemResumo(row.origem)}</span>,
  };
}

/** The origin as a short line under another cell's value, where a list has no room for its own column. */
export function OrigemNota({ origem }: { origem: OrigemVista }) {
  return (
    <span className="block max-w-40 text-xs text-muted-foreground [overflow-wrap:anywhere]">
      Origem: {origemResumo(origem)}
    </span>
  );
}
