import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { formatCount } from '@shared/format';
import type { SeriePonto } from '@shared/schemas/relatorios';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useFunil } from '../api/get-funil';
import { useSerie } from '../api/get-serie';
import { type Delta, countDelta, formatTaxa, rateDelta } from './delta';
import { presetRange, previousRange } from './periodo';
import { todayInBrasilia } from '@shared/brasilia';

const TREND_CLASS: Record<Delta['trend'], string> = {
  up: 'text-success',
  down: 'text-destructive',
  flat: 'text-muted-foreground',
  new: 'text-muted-foreground',
};

/** The leads per day as a small line: drawn by hand, so the dashboard never loads the charting library. */
function Sparkline({ pontos }: { pontos: SeriePonto[] }) {
  if (pontos.length < 2) return null;
  const max = Math.max(1, ...pontos.map((p) => p.leads));
  const width = 120;
  const height = 32;
  const step = width / (pontos.length - 1);
  const path = pontos
    .map(
      (p, i) =>
        `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - 2 - (p.leads / max) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg aria-hidden="true" width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="shrink-0">
      <path d={path} fill="none" stroke="#1d4ed8" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function DeltaText({ delta }: { delta: Delta }) {
  return (
    <>
      <span aria-hidden="true" className={cn('text-xs font-semibold tabular-nums', TREND_CLASS[delta.trend])}>
        {delta.text}
      </span>
      <span className="sr-only">{delta.spoken}</span>
    </>
  );
}

/**
 * The dashboard's 'Últimos 30 dias' (issue 15): the three counts and the lead-to-matrícula conversion against
 * the 30 days before, the leads per day as a small line, and the way to Relatórios.
 */
export function Ultimos30Dias() {
  const range = presetRange('30d', todayInBrasilia());
  const atual = useFunil({ ...range, page: 1, pageSize: 1 });
  const anterior = useFunil({ ...previousRange(range), page: 1, pageSize: 1 });
  const serie = useSerie({ ...range, intervalo: 'dia' });

  const totais = atual.data?.resposta.totais;
  const antes = anterior.data?.resposta.totais;
  const items = totais
    ? [
        { label: 'Leads', value: formatCount(totais.leads), delta: antes && countDelta(totais.leads, antes.leads) },
        {
          label: 'Pré-matrículas',
          value: formatCount(totais.preMatriculas),
          delta: antes && countDelta(totais.preMatriculas, antes.preMatriculas),
        },
        {
          label: 'Matrículas',
          value: formatCount(totais.matriculas),
          delta: antes && countDelta(totais.matriculas, antes.matriculas),
        },
        {
          label: 'Conversão lead → matrícula',
          value: formatTaxa(totais.taxaLeadMatricula),
          delta: antes && rateDelta(totais.taxaLeadMatricula, antes.taxaLeadMatricula),
        },
      ]
    : [];

  return (
    <section aria-labelledby="ultimos-30-dias">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-col">
            <h2 id="ultimos-30-dias" className="text-lg font-semibold">
              Últimos 30 dias
            </h2>
            <p className="text-sm text-muted-foreground">Comparado com os 30 dias anteriores</p>
          </div>
          <div className="flex items-center gap-4">
            {serie.data ? (
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                <Sparkline pontos={serie.data.pontos} />
                <span>Leads por dia</span>
              </span>
            ) : null}
            <Link
              to="/relatorios?periodo=30d"
              className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Ver relatórios
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
        {atual.isError ? (
          <p className="mt-4 text-sm text-muted-foreground">Não foi possível carregar o resumo do período.</p>
        ) : !totais ? (
          <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {items.map((item) => (
              <div key={item.label} className="flex min-w-0 flex-col gap-1">
                <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{item.label}</dt>
                <dd className="flex flex-wrap items-baseline gap-2">
                  <span className="text-2xl font-bold tracking-tight tabular-nums">{item.value}</span>
                  {item.delta ? <DeltaText delta={item.delta} /> : null}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </section>
  );
}
