import { formatDateOnly } from '@shared/format';
import type { OrigemVista } from '@shared/metas/origem';
import type { FunnelEvento } from '@shared/schemas/funnel';
import type { DataTableColumn } from '@/components/ui/data-table';
import { OrigemNaLinha } from './origem-column';

/**
 * The event's school with its city and state (and, when asked, its date) under it. `withDate="sem-coluna"`: the
 * date only between 1024 and 1535 px, where a list has no room for its own 'Data do Evento' column (Matrículas).
 */
export function EventoCell({ evento, withDate = false }: { evento: FunnelEvento; withDate?: boolean | 'sem-coluna' }) {
  const data = ` · ${formatDateOnly(evento.dataEvento)}`;
  return (
    <div className="min-w-32">
      <p className="font-medium">{evento.nomeEscola}</p>
      <p className="text-xs text-muted-foreground">
        {evento.cidade}, {evento.estado.toUpperCase()}
        {withDate === 'sem-coluna' ? (
          <span className="hidden lg:inline 2xl:hidden">{data}</span>
        ) : withDate ? (
          data
        ) : null}
      </p>
    </div>
  );
}

/**
 * Leads' and Interesses' event column: the event with its date, and under it the origin where the table has no
 * 'Origem' column (`OrigemNaLinha`).
 */
export function eventoComOrigemColumn<T extends { evento: FunnelEvento; origem?: OrigemVista | null }>(
  key: string,
  header: string,
): DataTableColumn<T> {
  return {
    key,
    header,
    cell: (row) => (
      <>
        <EventoCell evento={row.evento} withDate />
        <OrigemNaLinha origem={row.origem} />
      </>
    ),
  };
}
