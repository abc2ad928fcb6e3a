import { Link } from 'react-router';
import { Target } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoDe } from '@shared/comissoes/lancamentos';
import { META_ETAPA_LABELS } from '@shared/metas/enums';
import { Card } from '@/components/ui/card';
import { mesPorExtenso } from '@/components/ui/month-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useMetasPainel } from '../api/metas-api';
import { formatarPercentual, formatarValor } from './formatar';

/**
 * The dashboard's goals of the month (issue 48), for every staff role: each stage its unit has a goal for, with
 * what it achieved, the % and the projection to the month's end by working days; a line pointing to Metas when
 * there is none (`linkMetas`: the roles that open the screen).
 */
export function MetasDoMes({ linkMetas }: { linkMetas: boolean }) {
  const mes = periodoDe(todayInBrasilia());
  const painel = useMetasPainel(mes);
  if (painel.isPending) return <Skeleton className="h-28 w-full" />;
  if (painel.isError) return null;
  const { etapas, diasUteis } = painel.data;
  return (
    <section aria-labelledby="metas-do-mes" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="metas-do-mes" className="text-lg font-semibold">
          Metas de {mesPorExtenso(mes).toLowerCase()}
        </h2>
        {linkMetas ? (
          <Link to="/metas" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Ver metas e ranking
          </Link>
        ) : null}
      </div>
      {etapas.length === 0 ? (
        <Card className="flex items-center gap-3 p-4 text-sm text-muted-foreground">
          <Target aria-hidden="true" className="size-5" />
          {linkMetas
            ? 'Sem metas definidas para este mês. Defina e acompanhe em Metas.'
            : 'Sua unidade ainda não tem metas neste mês.'}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {etapas.map((e) => {
            const largura = Math.min(100, Math.max(0, e.percentual ?? 0));
            return (
              <li key={e.etapa}>
                <Card className="grid gap-2 p-4" data-etapa={e.etapa}>
                  <p className="text-sm font-medium text-muted-foreground">{META_ETAPA_LABELS[e.etapa]}</p>
                  <p className="text-2xl font-semibold tabular-nums">
                    <span data-testid={`realizado-${e.etapa}`}>{formatarValor(e.etapa, e.realizado)}</span>
                    <span className="text-base font-normal text-muted-foreground">
                      {' '}
                      de {formatarValor(e.etapa, e.meta)}
                    </span>
                  </p>
                  <div
                    role="progressbar"
                    aria-label={`${META_ETAPA_LABELS[e.etapa]}: % da meta`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(largura)}
                    aria-valuetext={formatarPercentual(e.percentual)}
                    className="h-2 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full rounded-full bg-primary" style={{ width: `${largura}%` }} />
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {formatarPercentual(e.percentual)} da meta · projeção {formatarValor(e.etapa, e.projecao)} no fim do
                    mês ({diasUteis.decorridos} de {diasUteis.total} dias úteis)
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
