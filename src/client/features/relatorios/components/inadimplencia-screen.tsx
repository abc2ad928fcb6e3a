import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { ShieldAlert, ZoomIn } from 'lucide-react';
import { MISSING, formatBRL, formatCount, formatDateOnly } from '@shared/format';
import type { Role } from '@shared/roles';
import {
  AGRUPAMENTOS_INADIMPLENCIA,
  type AgrupamentoInadimplencia,
  INADIMPLENCIA_MESSAGES,
  type InadimplenciaGrupo,
} from '@shared/schemas/inadimplencia';
import { AGRUPAMENTO_LABELS, RELATORIO_MESSAGES } from '@shared/schemas/relatorios';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, type DataTableColumn, type DataTableNotice } from '@/components/ui/data-table';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { groupParams, zoomPatch } from './drill';
import { grupoLabel } from './ranking-columns';
import { RelatorioFilters } from './relatorio-filters';
import { RANKING_PAGE_SIZE, useRelatorioParams } from '../hooks/use-relatorio-params';
import { useInadimplencia } from '../api/get-inadimplencia';
import { faixaLabel, formatTaxaInadimplencia } from './inadimplencia-format';

/** The charts and their library: a chunk of their own, as Relatórios'. */
const InadimplenciaCharts = lazy(() => import('./inadimplencia-charts'));

const OPCOES = { agrupamentos: AGRUPAMENTOS_INADIMPLENCIA, periodoPadrao: '365d' } as const;

/** The Parcelas list's filters a group opens (the list filters by these tree ids; not by vendedor). */
const LISTA_FILTRAVEL = new Set(['franquiaId', 'microFranquiaId', 'clienteId', 'eventoId']);

function parcelasHref(params: Record<string, string> | null): string | null {
  if (!params) return null;
  const entries = Object.entries(params).filter(([key]) => LISTA_FILTRAVEL.has(key));
  return entries.length > 0 ? `/financeiro/parcelas?${new URLSearchParams(entries).toString()}` : null;
}

interface Linha {
  id: string;
  grupo: InadimplenciaGrupo;
}

const NUMERIC = 'text-right tabular-nums whitespace-nowrap px-2 normal-case tracking-normal';

/**
 * 'Financeiro' > 'Inadimplência' (issue 43, ADR 077): of the parcelas due in the period (by default, the last 12
 * months), what is due, what is overdue, the rate and how late -- in total, per group of the network with
 * Relatórios' filter bar and 'Detalhar', and as two charts with their tables. Each group's name opens its parcelas.
 */
export function InadimplenciaScreen({ role }: { role: Role }) {
  const params = useRelatorioParams(role, OPCOES);
  const { state, update } = params;
  const enabled = state.periodError === null;
  // useRelatorioParams keeps the grouping among OPCOES.agrupamentos.
  const agrupar = state.agrupar as AgrupamentoInadimplencia;
  const consulta = useInadimplencia(
    { ...state.filter, agrupar, page: state.page, pageSize: RANKING_PAGE_SIZE },
    { enabled },
  );

  if (consulta.error instanceof ApiError && consulta.error.status === 403) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <ShieldAlert aria-hidden="true" className="size-10 text-destructive" />
          <p role="alert" className="text-base font-medium">
            {RELATORIO_MESSAGES.forbidden}
          </p>
        </CardContent>
      </Card>
    );
  }

  const resposta = enabled ? consulta.data?.resposta : undefined;
  const totais = resposta?.totais;
  const rotuloGrupo = AGRUPAMENTO_LABELS[state.agrupar];

  const columns: DataTableColumn<Linha>[] = [
    {
      key: 'rotulo',
      header: rotuloGrupo,
      className: 'px-2 normal-case tracking-normal',
      cell: ({ grupo }) => {
        const label = grupoLabel(grupo);
        const href = parcelasHref(groupParams(state.agrupar, grupo));
        const patch = zoomPatch(role, state.agrupar, grupo);
        return (
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {href ? (
              <Link
                to={href}
                className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {label}
                <span className="sr-only">: abrir as parcelas</span>
              </Link>
            ) : (
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{label}</span>
            )}
            {patch ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-7 px-2 text-xs"
                onClick={() => update(patch)}
              >
                <ZoomIn aria-hidden="true" />
                Detalhar <span className="sr-only">{label}</span>
              </Button>
            ) : null}
          </span>
        );
      },
    },
    { key: 'devido', header: 'Valor devido', className: NUMERIC, cell: ({ grupo }) => formatBRL(grupo.valorDevido) },
    {
      key: 'vencido',
      header: 'Valor vencido',
      className: NUMERIC,
      cell: ({ grupo }) => formatBRL(grupo.valorVencido),
    },
    {
      key: 'taxa',
      header: 'Taxa',
      className: NUMERIC,
      cell: ({ grupo }) => formatTaxaInadimplencia(grupo.taxaInadimplencia),
    },
    ...(['1-30', '31-60', '61-90', '90+'] as const).map((faixa, i): DataTableColumn<Linha> => ({
      key: `faixa-${faixa}`,
      header: `${faixa} dias`,
      className: NUMERIC,
      cell: ({ grupo }) => (
        <span title={`${faixaLabel(faixa)}: ${formatCount(grupo.faixas[i]!.quantidade)} parcelas`}>
          {formatBRL(grupo.faixas[i]!.valor)}
        </span>
      ),
    })),
  ];

  let notice: DataTableNotice | null = null;
  if (!enabled) notice = { kind: 'prompt', title: state.periodError ?? '' };
  else if (consulta.isError) {
    notice = { kind: 'error', title: errorMessage(consulta.error, INADIMPLENCIA_MESSAGES.failed) };
  } else if (resposta && resposta.grupos.length === 0) {
    notice = {
      kind: 'empty',
      title: INADIMPLENCIA_MESSAGES.empty,
      description: state.active.length > 0 ? 'Tente outro período ou limpe os filtros.' : 'Tente outro período.',
    };
  }

  const cards = [
    { key: 'devido', label: 'Valor devido', valor: totais ? formatBRL(totais.valorDevido) : null },
    { key: 'vencido', label: 'Valor vencido', valor: totais ? formatBRL(totais.valorVencido) : null },
    {
      key: 'taxa',
      label: 'Taxa de inadimplência',
      valor: totais ? formatTaxaInadimplencia(totais.taxaInadimplencia) : null,
    },
    { key: 'parcelas', label: 'Parcelas vencidas', valor: totais ? formatCount(totais.parcelasVencidas) : null },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <RelatorioFilters params={params} exportHref={null} />

      <section aria-labelledby="inadimplencia-resumo" className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="inadimplencia-resumo" className="text-lg font-semibold">
            Resumo
          </h2>
          <p className="text-sm text-muted-foreground">
            Das parcelas com vencimento no período, contadas até hoje
            {resposta ? ` (${formatDateOnly(resposta.hoje)})` : ''}: devido é o que já venceu (pago ou não), vencido o
            que ainda não foi pago.
          </p>
        </div>
        {/*
          A network's amounts ('R$ 1.355.204,30', one unbreakable line) fit their card: one a row on a phone, two
          beside the sidebar, four from 1280 px, a size smaller while four share 1280 px.
        */}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:gap-4 xl:grid-cols-4">
          {cards.map((card) => (
            <li key={card.key}>
              <Card className="flex h-full flex-col gap-2 p-4" data-testid={`inadimplencia-${card.key}`}>
                <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{card.label}</h3>
                {card.valor !== null ? (
                  <p className="text-lg font-bold tracking-tight tabular-nums sm:text-2xl xl:text-xl 2xl:text-2xl">
                    {card.valor}
                  </p>
                ) : enabled && consulta.isPending ? (
                  <Skeleton className="h-7 w-20" />
                ) : (
                  <p className="text-lg font-bold sm:text-2xl xl:text-xl 2xl:text-2xl">{MISSING}</p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </section>

      {totais && resposta && resposta.grupos.length > 0 ? (
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <InadimplenciaCharts totais={totais} grupos={resposta.grupos} agrupamento={rotuloGrupo} />
        </Suspense>
      ) : enabled && consulta.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : null}

      <Card className="min-w-0">
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold">Por {rotuloGrupo.toLowerCase()}</h2>
          {consulta.data && enabled ? (
            <Badge variant="secondary" data-testid="inadimplencia-grupos">
              {formatCount(consulta.data.total)} {consulta.data.total === 1 ? 'grupo' : 'grupos'}
            </Badge>
          ) : null}
        </div>
        <div className="px-2 pb-4 sm:px-4">
          <DataTable
            caption={`Inadimplência por ${rotuloGrupo.toLowerCase()}`}
            columns={columns}
            rows={(resposta?.grupos ?? []).map((grupo) => ({ id: grupo.id ?? '-', grupo }))}
            isLoading={enabled && consulta.isPending}
            isUpdating={consulta.isPlaceholderData}
            notice={notice}
            pagination={
              enabled && consulta.data
                ? {
                    page: state.page,
                    pageSize: RANKING_PAGE_SIZE,
                    total: consulta.data.total,
                    onPageChange: (page) => update({ page: String(page) }),
                  }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>
    </div>
  );
}
