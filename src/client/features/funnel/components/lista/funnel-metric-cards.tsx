import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, Filter, Heart, TrendingUp } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MISSING, formatCount } from '@shared/format';
import type { FunnelResumo } from '@shared/schemas/funnel';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const rate = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What a screen's cards count (issue 23): each screen names its cards after its own rows. */
export interface FunnelMetricNouns {
  total: string;
  filtrados: string;
  /** The ratio's subtitle: what one event brings on average. */
  porEvento: string;
}

export const FUNNEL_METRIC_NOUNS = {
  interesses: {
    total: 'Total de Interesses',
    filtrados: 'Interesses Filtrados',
    porEvento: 'interesses por evento',
  },
  preMatriculas: {
    total: 'Total de Pré-Matrículas',
    filtrados: 'Pré-Matrículas Filtradas',
    porEvento: 'pré-matrículas por evento',
  },
  matriculas: {
    total: 'Total de Matrículas',
    filtrados: 'Matrículas Filtradas',
    porEvento: 'matrículas por evento',
  },
} satisfies Record<string, FunnelMetricNouns>;

export interface FunnelMetricCardsProps {
  resumo: UseQueryResult<FunnelResumo>;
  /** The list's X-Total-Count with the current filters. */
  filtered: number | undefined;
  nouns?: FunnelMetricNouns;
}

/**
 * SPEC §2's four cards: the list's total and the active events in scope (counted by the server), the filtered
 * total, and their ratio rounded to 2 decimals (0 without events).
 */
export function FunnelMetricCards({
  resumo,
  filtered,
  nouns = FUNNEL_METRIC_NOUNS.interesses,
}: FunnelMetricCardsProps) {
  const data = resumo.data;
  const cards: { label: string; icon: LucideIcon; value: string | undefined; hint?: string; filteredCard?: true }[] = [
    { label: nouns.total, icon: Heart, value: data ? formatCount(data.total) : undefined },
    { label: 'Eventos Ativos', icon: CalendarCheck, value: data ? formatCount(data.eventosAtivos) : undefined },
    {
      label: nouns.filtrados,
      icon: Filter,
      value: filtered === undefined ? undefined : formatCount(filtered),
      filteredCard: true,
    },
    {
      // SPEC's title kept; the ratio is not a percentage, so the card says what it is (issue 23, ADR 024).
      label: 'Taxa de Conversão',
      icon: TrendingUp,
      value: data ? rate.format(data.taxaConversao) : undefined,
      hint: nouns.porEvento,
    },
  ];
  return (
    <section aria-labelledby="funnel-metricas">
      <h2 id="funnel-metricas" className="sr-only">
        Métricas
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map(({ label, icon: Icon, value, hint, filteredCard }) => (
          <li key={label}>
            <Card
              className="h-full p-4 sm:p-5"
              title={hint ? `Média de ${hint}: o total dividido pelos eventos ativos, não uma porcentagem` : undefined}
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
                  {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
                </div>
                <span className="hidden rounded-md bg-accent p-2 text-accent-foreground sm:inline-flex">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </div>
              {value !== undefined ? (
                <p className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">{value}</p>
              ) : resumo.isError && !filteredCard ? (
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
