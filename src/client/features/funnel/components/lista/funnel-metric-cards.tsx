import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, Filter, Heart, TrendingUp } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { MISSING, formatCount } from '@shared/format';
import type { FunnelResumo } from '@shared/schemas/funnel';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const rate = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** What a screen's cards count (issue 23): each screen names its cards after its own rows. */
export interface FunnelMetricNouns {
  total: string;
  filtrados: string;
  /** The ratio's subtitle: what one event brings on average. */
  porEvento: string;
  /** Where a real rate exists (issue 51), what it says: the share of the stage before that reached this one. */
  taxa?: string;
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
    taxa: 'dos leads chegaram à pré-matrícula',
  },
  matriculas: {
    total: 'Total de Matrículas',
    filtrados: 'Matrículas Filtradas',
    porEvento: 'matrículas por evento',
    taxa: 'das pré-matrículas chegaram à matrícula',
  },
} satisfies Record<string, FunnelMetricNouns>;

export interface FunnelMetricCardsProps {
  resumo: UseQueryResult<FunnelResumo>;
  /** The list's X-Total-Count with the current filters. */
  filtered: number | undefined;
  nouns?: FunnelMetricNouns;
  /**
   * The summary of the stage before (leads for Pré-Matrículas, pré-matrículas for Matrículas): with it, 'Taxa de
   * Conversão' is the real rate, this stage's total over that one's, and the per-event ratio its second line.
   * Without it (Interesses, or a stage the caller cannot read) the card keeps SPEC's ratio.
   */
  anterior?: UseQueryResult<FunnelResumo>;
}

/** The real rate when both totals are known and the one before is not zero; null to keep SPEC's ratio. */
function taxaReal(total: number | undefined, anterior: number | undefined): number | null {
  if (total === undefined || anterior === undefined || anterior <= 0) return null;
  return total / anterior;
}

/**
 * SPEC §2's four cards: the list's total and the active events in scope (counted by the server), the filtered
 * total, and their ratio rounded to 2 decimals (0 without events).
 */
export function FunnelMetricCards({
  resumo,
  filtered,
  nouns = FUNNEL_METRIC_NOUNS.interesses,
  anterior,
}: FunnelMetricCardsProps) {
  const data = resumo.data;
  const taxa = nouns.taxa && anterior ? taxaReal(data?.total, anterior.data?.total) : null;
  // Until the stage before answers, the card waits rather than show the ratio and then change.
  const esperando = nouns.taxa !== undefined && anterior !== undefined && anterior.isPending;
  const ratio = data ? rate.format(data.taxaConversao) : undefined;
  const cards: {
    label: string;
    icon: LucideIcon;
    value: string | undefined;
    hint?: string;
    secondLine?: string;
    filteredCard?: true;
  }[] = [
    { label: nouns.total, icon: Heart, value: data ? formatCount(data.total) : undefined },
    { label: 'Eventos Ativos', icon: CalendarCheck, value: data ? formatCount(data.eventosAtivos) : undefined },
    {
      label: nouns.filtrados,
      icon: Filter,
      value: filtered === undefined ? undefined : formatCount(filtered),
      filteredCard: true,
    },
    taxa !== null
      ? {
          // Issue 51: a real rate where one exists, SPEC's title kept; the per-event ratio named on its own line.
          label: 'Taxa de Conversão',
          icon: TrendingUp,
          value: percent.format(taxa),
          hint: nouns.taxa,
          secondLine: ratio,
        }
      : {
          // SPEC's title kept; the ratio is not a percentage, so the card says what it is (issue 23, ADR 024).
          label: 'Taxa de Conversão',
          icon: TrendingUp,
          value: esperando ? undefined : ratio,
          hint: nouns.porEvento,
        },
  ];
  return (
    <section aria-labelledby="funnel-metricas">
      <h2 id="funnel-metricas" className="sr-only">
        Métricas
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cards.map(({ label, icon: Icon, value, hint, secondLine, filteredCard }) => (
          <li key={label}>
            <Card
              className="h-full p-4 sm:p-5"
              title={
                secondLine !== undefined
                  ? `Porcentagem: ${nouns.total.toLowerCase()} dividido pelo total da etapa anterior`
                  : hint
                    ? `Média de ${hint}: o total dividido pelos eventos ativos, não uma porcentagem`
                    : undefined
              }
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
              {secondLine !== undefined ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  <span>{secondLine}</span> <span>{nouns.porEvento}</span>
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
