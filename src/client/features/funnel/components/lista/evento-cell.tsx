import { formatDateOnly } from '@shared/format';
import type { FunnelEvento } from '@shared/schemas/funnel';

/** The event's school with its city and state (and, when asked, its date) under it. */
export function EventoCell({ evento, withDate = false }: { evento: FunnelEvento; withDate?: boolean }) {
  return (
    <div className="min-w-32">
      <p className="font-medium">{evento.nomeEscola}</p>
      <p className="text-xs text-muted-foreground">
        {evento.cidade}, {evento.estado.toUpperCase()}
        {withDate ? ` · ${formatDateOnly(evento.dataEvento)}` : null}
      </p>
    </div>
  );
}
