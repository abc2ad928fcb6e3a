import { origemResumo, type OrigemVista } from '@shared/metas/origem';
import type { DataTableColumn } from '@/components/ui/data-table';

/**
 * A name's column in Leads, Interesses and Matrículas: a cell may break a long word anywhere (an e-mail, a
 * campaign) so the table fits its card, and a table short of room squeezed such a column to a letter or two --
 * 'Giova / nna / Batist / a'. A name's column keeps room for a first name on a line.
 */
export const NOME_NA_LISTA = 'min-w-26';

/** Whether a page's rows carry the origin: the staff's do (null when none), the aluno's own never. */
export const comOrigem = (rows: readonly { origem?: OrigemVista | null }[] | undefined) =>
  (rows ?? []).some((row) => row.origem !== undefined);

/**
 * 'Origem' (issue 48): where the family came from, in a few words -- 'Link de <vendedor>', 'Link do evento', or
 * utm_source / utm_campaign -- or '—'. The lead's panel shows every field. Its own column from 1536 px (and on a
 * phone's card); between 1024 and 1536 px the table has no room for it, and `OrigemNaLinha` shows it under the event.
 */
export function origemColumn<T extends { origem?: OrigemVista | null }>(): DataTableColumn<T> {
  return {
    key: 'origem',
    header: 'Origem',
    cell: (row) => <span className="block max-w-40 [overflow-wrap:anywhere]">{origemResumo(row.origem)}</span>,
    className: 'hidden 2xl:table-cell',
  };
}

/** The origin under the event's cell where the table has no 'Origem' column (1024-1535 px), and nothing elsewhere. */
export function OrigemNaLinha({ origem }: { origem: OrigemVista | null | undefined }) {
  if (!origem) return null;
  return (
    <span className="hidden lg:block 2xl:hidden">
      <OrigemNota origem={origem} />
    </span>
  );
}

/** The origin as a short line under another cell's value, where a list has no room for its own column. */
export function OrigemNota({ origem }: { origem: OrigemVista }) {
  return (
    <span className="block max-w-40 text-xs text-muted-foreground [overflow-wrap:anywhere]">
      Origem: {origemResumo(origem)}
    </span>
  );
}
