import { formatCount } from '@shared/format';
import { momentoTexto } from '@/components/lgpd/titular-registro';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useRetencao } from '../api/lgpd-api';

const leads = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * 'Retenção' (issue 18): the rule (leads that never became a pré-matrícula or matrícula are anonymised after N
 * months), when the daily job last ran and how many it anonymised, when it runs next and how many it will.
 */
export function RetencaoSection() {
  const retencao = useRetencao();
  const data = retencao.data;
  return (
    <section aria-labelledby="lgpd-retencao">
      <Card className="grid gap-3 p-4 sm:p-6">
        <h2 id="lgpd-retencao" className="text-lg font-semibold">
          Retenção
        </h2>
        {retencao.isPending ? (
          <div aria-busy="true" className="grid gap-2">
            <Skeleton className="h-4 w-full max-w-md" />
            <Skeleton className="h-4 w-64" />
          </div>
        ) : retencao.isError || !data ? (
          <div role="alert" className="grid justify-items-start gap-2">
            <p className="font-medium text-destructive">
              {errorMessage(retencao.error, 'Erro ao carregar a retenção')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void retencao.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm">
              Leads sem pré-matrícula nem matrícula são anonimizados após {data.meses}{' '}
              {data.meses === 1 ? 'mês' : 'meses'}.
            </p>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div className="grid gap-0.5 rounded-md border border-border p-3">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Última execução</dt>
                <dd>
                  {data.ultimaExecucao
                    ? `${momentoTexto(data.ultimaExecucao.em)}: ${leads(data.ultimaExecucao.anonimizados)} ${
                        data.ultimaExecucao.anonimizados === 1 ? 'anonimizado' : 'anonimizados'
                      }`
                    : 'Ainda não executada'}
                </dd>
              </div>
              <div className="grid gap-0.5 rounded-md border border-border p-3">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  Próxima execução
                </dt>
                <dd>
                  {`${momentoTexto(data.proximaExecucao.em)}: ${leads(data.proximaExecucao.previstos)} ${
                    data.proximaExecucao.previstos === 1 ? 'previsto' : 'previstos'
                  }`}
                </dd>
              </div>
            </dl>
          </>
        )}
      </Card>
    </section>
  );
}
