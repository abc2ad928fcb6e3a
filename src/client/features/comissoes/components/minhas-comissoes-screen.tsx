import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { todayInBrasilia } from '@shared/brasilia';
import { periodoDe, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { formatBRL, formatCount, formatDateOnly } from '@shared/format';
import { LANCAMENTO_MESSAGES, type LancamentoView, type MinhasView } from '@shared/schemas/comissao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMinhasComissoes, useMinhasMaisAntigas } from '../api/comissoes-api';
import { LancamentoEstadoBadge } from './lancamento-estado-badge';
import { LancamentoSheet } from './lancamento-sheet';

/** One figure of the statement: its label, its value in reais, what it means. */
function Total({ label, valor, nota }: { label: string; valor: number; nota: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-xl font-semibold tabular-nums">{formatBRL(valor)}</span>
      <span className="text-xs text-muted-foreground">{nota}</span>
    </Card>
  );
}

/** A line as a row of the phone's list: the family's student and course, the parcela, the amount and its state. */
function Linha({ l, onOpen }: { l: LancamentoView; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="grid w-full grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 rounded-md px-2 py-2 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="min-w-0 font-medium text-primary [overflow-wrap:anywhere]">
          {l.aluno} <span className="sr-only">(abrir matrícula)</span>
        </span>
        <span className="text-right font-medium tabular-nums">{formatBRL(l.valor)}</span>
        <span className="min-w-0 text-xs text-muted-foreground">
          {l.curso ?? '-'} · {l.parcelaNumero}ª parcela · {formatDateOnly(l.ocorridoEm)}
        </span>
        <span className="justify-self-end">
          <LancamentoEstadoBadge estado={l.estado} />
        </span>
      </button>
    </li>
  );
}

/**
 * 'Minhas comissões' (issue 44, ADR 088), made for a 360 px phone: this month's liberada, the prevista of the open
 * parcelas, what is closed and paid, then the history by period, newest first, each line opening its matrícula
 * (the student and course only, as the vendedor's other screens show a family). The statement brings the newest
 * lines; 'Carregar mais' appends the older ones a page at a time, each into its month.
 */
export function MinhasComissoesScreen() {
  const minhas = useMinhasComissoes();
  const [aberto, setAberto] = useState<LancamentoView | null>(null);
  if (minhas.isPending) return <Skeleton className="h-64 w-full" />;
  if (minhas.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(minhas.error, 'Não foi possível carregar suas comissões.')}
      </p>
    );
  return <Extrato minhas={minhas.data} aberto={aberto} setAberto={setAberto} />;
}

function Extrato({
  minhas,
  aberto,
  setAberto,
}: {
  minhas: MinhasView;
  aberto: LancamentoView | null;
  setAberto: (l: LancamentoView | null) => void;
}) {
  const atual = periodoDe(todayInBrasilia());
  const doMes = minhas.periodos.find((p) => p.periodo === atual);
  const [carregando, setCarregando] = useState(false);
  const antigas = useMinhasMaisAntigas(minhas.proximo, carregando);
  const lancamentos = [...minhas.lancamentos, ...(antigas.data?.pages.flatMap((p) => p.items) ?? [])];
  const listadas = new Set(lancamentos.map((l) => l.periodo));
  const haMais = minhas.proximo !== null && (!antigas.data || antigas.hasNextPage);
  const carregarMais = () => {
    if (!carregando) setCarregando(true);
    else if (antigas.hasNextPage && !antigas.isFetching) void antigas.fetchNextPage();
  };
  return (
    <div className="grid gap-6">
      <section aria-labelledby="comissoes-resumo" className="grid gap-3">
        <h2 id="comissoes-resumo" className="text-lg font-semibold">
          Resumo
        </h2>
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
          <Total
            label={`Liberada em ${periodoPorExtenso(atual)}`}
            valor={doMes?.liberada ?? 0}
            nota="Parcelas pagas pelas famílias neste mês"
          />
          <Total
            label="Prevista"
            valor={minhas.prevista}
            nota="O que as parcelas em aberto darão, pelas regras de hoje"
          />
          <Total label="Fechada, a receber" valor={minhas.fechada} nota="Meses fechados, pagamento a confirmar" />
          <Total label="Recebida" valor={minhas.paga} nota="Meses fechados e pagos" />
        </div>
        {minhas.estornada !== 0 ? (
          <p className="text-sm text-muted-foreground">
            Estornos por desistência ou devolução: <span className="tabular-nums">{formatBRL(minhas.estornada)}</span>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="comissoes-historico" className="grid gap-3">
        <h2 id="comissoes-historico" className="text-lg font-semibold">
          Histórico por período
        </h2>
        {minhas.periodos.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {LANCAMENTO_MESSAGES.vazio}. Assim que uma família pagar uma parcela, sua comissão aparece aqui.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Períodos">
            {minhas.periodos.map((p, indice) => {
              const linhas = lancamentos.filter((l) => l.periodo === p.periodo);
              const mes = periodoPorExtenso(p.periodo);
              return (
                <li key={p.periodo}>
                  <Card className="p-0">
                    {/* The newest month opens; the others fold, so a phone scrolls months, not every line. */}
                    <details open={indice === 0} className="group">
                      <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2 rounded-lg p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-4">
                        <h3 className="font-semibold first-letter:uppercase">{mes}</h3>
                        <span className="font-semibold tabular-nums">{formatBRL(p.saldo)}</span>
                      </summary>
                      <div className="grid gap-2 px-3 pb-3 sm:px-4 sm:pb-4">
                        <dl className="grid grid-cols-2 gap-x-3 text-xs text-muted-foreground sm:grid-cols-4">
                          {(
                            [
                              ['Liberada', p.liberada],
                              ['Fechada', p.fechada],
                              ['Paga', p.paga],
                              ['Estornada', p.estornada],
                            ] as const
                          )
                            .filter(([, v]) => v !== 0)
                            .map(([rotulo, v]) => (
                              <div key={rotulo} className="flex gap-1">
                                <dt>{rotulo}:</dt>
                                <dd className="tabular-nums">{formatBRL(v)}</dd>
                              </div>
                            ))}
                        </dl>
                        {linhas.length > 0 ? (
                          <ul className="grid divide-y divide-border" aria-label={`Lançamentos de ${mes}`}>
                            {linhas.map((l) => (
                              <Linha key={l.id} l={l} onOpen={() => setAberto(l)} />
                            ))}
                          </ul>
                        ) : !listadas.has(p.periodo) ? (
                          <p className="text-xs text-muted-foreground">
                            Toque em Carregar mais, no fim da lista, para ver os lançamentos deste mês. O total acima
                            soma todos eles.
                          </p>
                        ) : null}
                      </div>
                    </details>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
        {minhas.totalLancamentos > 0 ? (
          <div className="grid justify-items-center gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {`${formatCount(lancamentos.length)} de ${formatCount(minhas.totalLancamentos)} lançamentos`}
            </p>
            {antigas.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(antigas.error, 'Não foi possível carregar mais lançamentos.')}
              </p>
            ) : null}
            {haMais ? (
              <Button
                type="button"
                variant="outline"
                className="w-full sm:w-auto"
                disabled={antigas.isFetching}
                onClick={carregarMais}
              >
                {antigas.isFetching ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                Carregar mais
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>
      <LancamentoSheet lancamento={aberto} linhas={lancamentos} onClose={() => setAberto(null)} />
    </div>
  );
}
