import type { LucideIcon } from 'lucide-react';
import { Clock, PhoneCall, UserX } from 'lucide-react';
import { MISSING, formatCount } from '@shared/format';
import { MOTIVOS_PERDA, MOTIVO_PERDA_LABELS, type MotivoPerda } from '@shared/schemas/acompanhamento';
import type { AcompanhamentoContagem } from '@shared/schemas/relatorios';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAcompanhamento } from '../api/get-acompanhamento';
import { ACOMPANHAMENTO_PAGE_PARAM, RANKING_PAGE_SIZE, type RelatorioParams } from '../hooks/use-relatorio-params';
import { acompanhamentoColumns, acompanhamentoRows } from './acompanhamento-columns';
import { drillHref, filterParams, groupParams } from './drill';
import { formatTaxa } from './delta';
import { formatHoras } from './horas';

export const ACOMPANHAMENTO_MESSAGES = {
  failed: 'Falha ao carregar o acompanhamento dos leads',
  semPerdas: 'Nenhum lead perdido no período',
  vazio: 'Nenhum lead acompanhado no período',
} as const;

interface Kpi {
  key: 'contatados' | 'medianaPrimeiroContatoHoras' | 'perdidos';
  label: string;
  icon: LucideIcon;
  format: (totais: AcompanhamentoContagem) => string;
}

const KPIS: readonly Kpi[] = [
  { key: 'contatados', label: 'Leads contatados', icon: PhoneCall, format: (t) => formatCount(t.contatados) },
  {
    key: 'medianaPrimeiroContatoHoras',
    label: 'Tempo mediano até o 1º contato',
    icon: Clock,
    format: (t) => formatHoras(t.medianaPrimeiroContatoHoras),
  },
  { key: 'perdidos', label: 'Leads perdidos', icon: UserX, format: (t) => formatCount(t.perdidos) },
];

/** Each reason with its count and its share of the lost, most frequent first (ties in the form's order). */
export function motivosDistribuicao(
  totais: Pick<AcompanhamentoContagem, 'perdidos' | 'motivosPerda'>,
): { motivo: MotivoPerda; quantidade: number; fracao: number }[] {
  return MOTIVOS_PERDA.map((motivo) => {
    const quantidade = totais.motivosPerda[motivo] ?? 0;
    return { motivo, quantidade, fracao: totais.perdidos > 0 ? quantidade / totais.perdidos : 0 };
  }).sort((a, b) => b.quantidade - a.quantidade);
}

const leadsNoun = (n: number) => (n === 1 ? 'lead' : 'leads');

function MotivosPerda({ totais }: { totais: AcompanhamentoContagem }) {
  if (totais.perdidos === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{ACOMPANHAMENTO_MESSAGES.semPerdas}</p>;
  }
  return (
    <ul aria-labelledby="acompanhamento-motivos" className="flex flex-col gap-3">
      {motivosDistribuicao(totais).map(({ motivo, quantidade, fracao }) => (
        <li key={motivo} className="flex flex-col gap-1" data-testid={`motivo-${motivo}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className={cn('font-medium', quantidade === 0 && 'text-muted-foreground')}>
              {MOTIVO_PERDA_LABELS[motivo]}
            </span>
            <span className="tabular-nums text-muted-foreground">
              {formatCount(quantidade)} {leadsNoun(quantidade)} ({formatTaxa(fracao)})
            </span>
          </div>
          {/* The bar repeats the text beside it: hidden from screen readers. */}
          <div aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${fracao * 100}%`, minWidth: quantidade > 0 ? '0.25rem' : undefined }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface AcompanhamentoSectionProps {
  params: RelatorioParams;
}

/**
 * 'Acompanhamento dos leads' (issue 16): of the leads signed up in the report's period, with its grouping and
 * filters, how many were contacted, how long the first contact took (the median), how many were lost and why,
 * then the same per group. Its table pages on its own (`acompanhamentoPage`).
 */
export function AcompanhamentoSection({ params }: AcompanhamentoSectionProps) {
  const { state, update } = params;
  const enabled = state.periodError === null;
  const acompanhamento = useAcompanhamento(
    {
      ...state.filter,
      agrupar: state.agrupar,
      page: state.acompanhamentoPage,
      pageSize: RANKING_PAGE_SIZE,
    },
    { enabled },
  );
  const resposta = enabled ? acompanhamento.data?.resposta : undefined;
  const totais = resposta?.totais;
  const loading = enabled && acompanhamento.isPending;
  const failed = enabled && acompanhamento.isError;

  const base = filterParams(state.filter, state.names);
  const columns = acompanhamentoColumns({
    agrupar: state.agrupar,
    leadsHref: (grupo) => {
      const group = groupParams(state.agrupar, grupo);
      return group ? drillHref('leads', base, group) : null;
    },
  });

  let notice: DataTableNotice | null = null;
  if (!enabled) notice = { kind: 'prompt', title: state.periodError ?? '' };
  else if (resposta && resposta.grupos.length === 0) {
    notice = {
      kind: 'empty',
      title: ACOMPANHAMENTO_MESSAGES.vazio,
      description: 'Os grupos aparecem quando algum lead inscrito no período for contatado ou perdido.',
    };
  }

  return (
    <section aria-labelledby="relatorio-acompanhamento" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="relatorio-acompanhamento" className="text-lg font-semibold">
          Acompanhamento dos leads
        </h2>
        <p className="text-sm text-muted-foreground">
          Dos leads inscritos no período: quantos foram contatados, em quanto tempo e quantos foram perdidos.
        </p>
      </div>

      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {KPIS.map(({ key, label, icon: Icon, format }) => (
          <li key={key}>
            <Card className="flex h-full flex-col gap-2 p-4" data-testid={`acompanhamento-${key}`}>
              <div className="flex items-start justify-between gap-2">
                <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</h3>
                <span className="hidden rounded-md bg-accent p-1.5 text-accent-foreground sm:inline-flex">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
              </div>
              {totais ? (
                <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl">{format(totais)}</p>
              ) : loading ? (
                <Skeleton className="h-7 w-16" />
              ) : (
                <p className="text-xl font-bold sm:text-2xl">{MISSING}</p>
              )}
            </Card>
          </li>
        ))}
      </ul>

      {failed ? (
        <Card className="p-8 text-center">
          <p role="alert" className="font-medium text-destructive">
            {errorMessage(acompanhamento.error, ACOMPANHAMENTO_MESSAGES.failed)}
          </p>
        </Card>
      ) : (
        <div className="grid min-w-0 gap-4 2xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
            <div className="flex flex-col gap-1">
              <h3 id="acompanhamento-motivos" className="text-base font-semibold">
                Motivos de perda
              </h3>
              <p className="text-sm text-muted-foreground">Parte de cada motivo entre os leads perdidos.</p>
            </div>
            {totais ? (
              <MotivosPerda totais={totais} />
            ) : loading ? (
              <div className="flex flex-col gap-3">
                {MOTIVOS_PERDA.slice(0, 3).map((motivo) => (
                  <Skeleton key={motivo} className="h-8 w-full" />
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">{MISSING}</p>
            )}
          </Card>

          <Card className="min-w-0">
            <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
              <h3 className="text-base font-semibold">Por grupo</h3>
              {enabled && acompanhamento.data ? (
                <Badge variant="secondary" data-testid="acompanhamento-count">
                  {formatCount(acompanhamento.data.total)} {acompanhamento.data.total === 1 ? 'grupo' : 'grupos'}
                </Badge>
              ) : null}
            </div>
            <div className="px-2 pb-4 sm:px-4">
              <DataTable
                caption="Acompanhamento por grupo"
                columns={columns}
                rows={resposta ? acompanhamentoRows(resposta.grupos) : []}
                isLoading={loading}
                notice={notice}
                pagination={
                  enabled && acompanhamento.data
                    ? {
                        page: state.acompanhamentoPage,
                        pageSize: RANKING_PAGE_SIZE,
                        total: acompanhamento.data.total,
                        onPageChange: (page) => update({ [ACOMPANHAMENTO_PAGE_PARAM]: String(page) }),
                      }
                    : undefined
                }
                cards="list"
              />
            </div>
          </Card>
        </div>
      )}
    </section>
  );
}
