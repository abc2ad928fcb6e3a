import type { LucideIcon } from 'lucide-react';
import { ClipboardList, GraduationCap, Percent, UserCheck, UserPlus } from 'lucide-react';
import { MISSING, formatCount, formatDateOnly } from '@shared/format';
import type { FunilContagem } from '@shared/schemas/relatorios';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { Range } from './periodo';
import { type Delta, countDelta, formatTaxa, rateDelta } from './delta';

/** The counts and rates (the costs, issue 48, have their own line). */
type KpiKey = Exclude<keyof FunilContagem, 'custo' | 'custoPorLead' | 'custoPorPreMatricula' | 'custoPorMatricula'>;

interface Kpi {
  key: KpiKey;
  label: string;
  icon: LucideIcon;
  kind: 'count' | 'rate';
}

const KPIS: readonly Kpi[] = [
  { key: 'leads', label: 'Leads', icon: UserPlus, kind: 'count' },
  { key: 'presencas', label: 'Presenças', icon: UserCheck, kind: 'count' },
  { key: 'preMatriculas', label: 'Pré-matrículas', icon: ClipboardList, kind: 'count' },
  { key: 'matriculas', label: 'Matrículas', icon: GraduationCap, kind: 'count' },
  { key: 'taxaLeadPresenca', label: 'Lead → Presença', icon: Percent, kind: 'rate' },
  { key: 'taxaLeadPreMatricula', label: 'Lead → Pré-matrícula', icon: Percent, kind: 'rate' },
  { key: 'taxaPreMatriculaMatricula', label: 'Pré-matrícula → Matrícula', icon: Percent, kind: 'rate' },
  { key: 'taxaLeadMatricula', label: 'Lead → Matrícula', icon: Percent, kind: 'rate' },
];

const TREND_CLASS: Record<Delta['trend'], string> = {
  up: 'text-success',
  down: 'text-destructive',
  flat: 'text-muted-foreground',
  new: 'text-muted-foreground',
};

export interface KpiCardsProps {
  current: FunilContagem | undefined;
  previous: FunilContagem | undefined;
  previousRange: Range;
  failed: boolean;
}

/**
 * The four counts and the four rates of the period, each with its change against the period of the same
 * length just before: an arrow and a number (never the colour alone), and a sentence for screen readers.
 */
export function KpiCards({ current, previous, previousRange, failed }: KpiCardsProps) {
  const comparedWith = `${formatDateOnly(previousRange.de)} a ${formatDateOnly(previousRange.ate)}`;
  return (
    <section aria-labelledby="relatorio-indicadores">
      <h2 id="relatorio-indicadores" className="sr-only">
        Indicadores do período
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 2xl:grid-cols-8">
        {KPIS.map(({ key, label, icon: Icon, kind }) => {
          const value = current?.[key];
          const delta =
            current && previous
              ? kind === 'count'
                ? countDelta(current[key], previous[key])
                : rateDelta(current[key], previous[key])
              : undefined;
          return (
            <li key={key}>
              <Card className="flex h-full flex-col gap-2 p-4" data-testid={`kpi-${key}`}>
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
                  <span className="hidden rounded-md bg-accent p-1.5 text-accent-foreground sm:inline-flex">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                </div>
                {value !== undefined ? (
                  <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">
                    {kind === 'count' ? formatCount(value) : formatTaxa(value)}
                  </p>
                ) : failed ? (
                  <p className="text-xl font-bold sm:text-2xl">{MISSING}</p>
                ) : (
                  <Skeleton className="h-7 w-16" />
                )}
                {delta ? (
                  <p className="mt-auto text-xs">
                    <span aria-hidden="true" className={cn('font-semibold tabular-nums', TREND_CLASS[delta.trend])}>
                      {delta.text}
                    </span>
                    <span className="sr-only">{delta.spoken}</span>
                    <span className="block text-muted-foreground">vs. {comparedWith}</span>
                  </p>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
