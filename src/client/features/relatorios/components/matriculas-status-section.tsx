import { Link } from 'react-router';
import { MISSING, formatCount } from '@shared/format';
import { MOTIVOS_CANCELAMENTO, MOTIVO_CANCELAMENTO_LABELS } from '@shared/schemas/matricula';
import type { MatriculasStatus } from '@shared/schemas/relatorios';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMatriculasStatus } from '../api/get-matriculas-status';
import type { RelatorioParams } from '../hooks/use-relatorio-params';
import { drillHref, filterParams } from './drill';

export const MATRICULAS_STATUS_MESSAGES = {
  failed: 'Falha ao carregar as matrículas por status',
} as const;

const CARDS = [
  { status: 'aguardando_aceite', label: 'Aguardando aceite', valor: (s: MatriculasStatus) => s.aguardandoAceite },
  { status: 'ativa', label: 'Ativas', valor: (s: MatriculasStatus) => s.ativa },
  { status: 'cancelada', label: 'Canceladas', valor: (s: MatriculasStatus) => s.cancelada },
] as const;

/**
 * 'Matrículas por status' (issue 42): of the matrículas efetivadas in the report's period and filters -- the
 * funnel's count, which every status keeps -- how many wait for the family's acceptance, are active, or were
 * cancelled, and why. Each number opens the Matrículas list filtered the same way, for whoever may open it.
 */
export function MatriculasStatusSection({ params, listar }: { params: RelatorioParams; listar: boolean }) {
  const { state } = params;
  const enabled = state.periodError === null;
  const consulta = useMatriculasStatus(state.filter, { enabled });
  const dados = enabled ? consulta.data : undefined;
  const loading = enabled && consulta.isPending;
  const base = filterParams(state.filter, state.names);
  const numero = (valor: number, status: string) =>
    listar ? (
      <Link
        to={drillHref('matriculas', base, { status })}
        className="underline-offset-4 hover:underline"
        aria-label={`${formatCount(valor)}: abrir a lista de matrículas`}
      >
        {formatCount(valor)}
      </Link>
    ) : (
      formatCount(valor)
    );

  return (
    <section aria-labelledby="relatorio-matriculas-status" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="relatorio-matriculas-status" className="text-lg font-semibold">
          Matrículas por status
        </h2>
        <p className="text-sm text-muted-foreground">
          Das matrículas efetivadas no período{dados ? ` (${formatCount(dados.total)})` : ''}: onde está o contrato de
          cada uma.
        </p>
      </div>
      {enabled && consulta.isError ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-destructive">
            {errorMessage(consulta.error, MATRICULAS_STATUS_MESSAGES.failed)}
          </p>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
          {CARDS.map(({ status, label, valor }) => (
            <li key={status}>
              <Card className="flex h-full flex-col gap-2 p-4" data-testid={`matriculas-${status}`}>
                <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
                {dados ? (
                  <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">
                    {numero(valor(dados), status)}
                  </p>
                ) : loading ? (
                  <Skeleton className="h-7 w-16" />
                ) : (
                  <p className="text-xl font-bold sm:text-2xl">{MISSING}</p>
                )}
                {status === 'cancelada' && dados ? (
                  <ul
                    className="grid gap-0.5 text-xs text-muted-foreground sm:text-sm"
                    aria-label="Canceladas por motivo"
                  >
                    {MOTIVOS_CANCELAMENTO.map((motivo) => (
                      <li key={motivo} className="flex justify-between gap-2">
                        <span>{MOTIVO_CANCELAMENTO_LABELS[motivo]}</span>
                        <span className="tabular-nums">{formatCount(dados.canceladaPorMotivo[motivo])}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
