import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, Filter, Heart, TrendingUp } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MISSING, formatCount } from '@shared/format';
import type { FunnelResumo } from '@shared/schemas/funnel';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const rate = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface FunnelMetricCardsProps {
  resumo: UseQueryResult<FunnelResumo>;
  /** The list's X-Total-Count with the current filters. */
  filtered: number | undefined;
}

/**
 * SPEC §2's four cards: the list's total and the active events in scope (counted by the server), the filtered
 * total, and their ratio rounded to 2 decimals (0 without events).
 */
export function FunnelMetricCards({ resumo, filtered }: FunnelMetricCardsProps) {
  const data = resumo.data;
  const cards: { label: string; icon: LucideIcon; value: string | undefined }[] = [
    { label: 'Total de Interesses', icon: Heart, value: data ? formatCount(data.total) : undefined },
    { label: 'Eventos Ativos', icon: CalendarCheck, value: data ? formatCount(data.eventosAtivos) : undefined },
    { label: 'Interesses Filtrados', icon: Filter, value: filtered === undefined ? undefined : formatCount(filtered) },
    { label: 'Taxa de Conversão', icon: TrendingUp, value: data ? rate.format(data.taxaConversao) : undefined },
  ];
  return (
    <section aria-labelledby="funnel-metricas">
      <h2 id="funnel-metricas" className="sr-only">
        Métricas
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map(({ label, icon: Icon, value }) => (
          <li key={label}>
            <Card className="h-full p-4 sm:p-5">
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
                <span className="hidden rounded-md bg-accent p-2 text-accent-foreground sm:inline-flex">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </div>
              {value !== undefined ? (
                <p className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">{value}</p>
              ) : resumo.isError && label !== 'Interesses Filtrados' ? (
                <p className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">{MISSING}</p>
              ) : (
                <Skeleton className="mt-3 h-7 w-16" />
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
