import { Suspense, lazy } from 'react';
import { ShieldAlert } from 'lucide-react';
import { formatCount } from '@shared/format';
import type { Role } from '@shared/roles';
import { type Ordenar, RELATORIO_MESSAGES } from '@shared/schemas/relatorios';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, type DataTableNotice } from '@/components/ui/data-table';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFunil } from '../api/get-funil';
import { useSerie } from '../api/get-serie';
import { funilCsvUrl } from '../api/relatorios-keys';
import { RANKING_PAGE_SIZE, defaultDirecao, useRelatorioParams } from '../hooks/use-relatorio-params';
import { AcompanhamentoSection } from './acompanhamento-section';
import { MatriculasStatusSection } from './matriculas-status-section';
import { drillHref, drillStagesFor, filterParams, groupParams, zoomPatch } from './drill';
import { KpiCards } from './kpi-cards';
import { CustosResumo } from './custos-resumo';
import { rankingColumns, rankingRows } from './ranking-columns';
import { RelatorioFilters } from './relatorio-filters';

/** The charts and their library: a chunk of their own, fetched when the screen first draws them. */
const RelatorioCharts = lazy(() => import('./relatorio-charts'));

const SORT_LABELS: Record<Ordenar, string> = {
  leads: 'Leads',
  presencas: 'Presenças',
  taxaLeadPresenca: 'Lead → Presença',
  preMatriculas: 'Pré-matrículas',
  matriculas: 'Matrículas',
  taxaLeadPreMatricula: 'Lead → Pré-matrícula',
  taxaPreMatriculaMatricula: 'Pré-matrícula → Matrícula',
  taxaLeadMatricula: 'Lead → Matrícula',
  rotulo: 'Nome',
};

function sortDirectionLabel(column: Ordenar, direcao: 'asc' | 'desc'): string {
  if (column === 'rotulo') return direcao === 'asc' ? 'A a Z' : 'Z a A';
  return direcao === 'desc' ? 'maior primeiro' : 'menor primeiro';
}

export interface RelatoriosScreenProps {
  role: Role;
}

/**
 * Relatórios (issue 15): the funnel of a period for the caller's part of the network -- KPI cards against the
 * period before, the funnel and its evolution as charts, and a ranking of the groups, every number opening the
 * list it counts; then how the period's leads were followed (issue 16). All of it is read from and written to the
 * address.
 */
export function RelatoriosScreen({ role }: RelatoriosScreenProps) {
  const params = useRelatorioParams(role);
  const { state, update } = params;
  const enabled = state.periodError === null;

  const funilParams = {
    ...state.filter,
    agrupar: state.agrupar,
    page: state.page,
    pageSize: RANKING_PAGE_SIZE,
    ordenar: state.ordenar,
    direcao: state.direcao,
  };
  const funil = useFunil(funilParams, { enabled });
  const anterior = useFunil(
    { ...state.filter, ...state.previous, agrupar: state.agrupar, page: 1, pageSize: 1 },
    { enabled },
  );
  const serie = useSerie({ ...state.filter, intervalo: state.intervalo }, { enabled });

  if (funil.error instanceof ApiError && funil.error.status === 403) {
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

  const stages = drillStagesFor(role);
  const base = filterParams(state.filter, state.names);
  const resposta = funil.data?.resposta;
  const totais = resposta?.totais;
  const empty = totais !== undefined && totais.leads + totais.preMatriculas + totais.matriculas === 0;

  const sort = (column: Ordenar) => ({
    direction: state.ordenar === column ? state.direcao : null,
    onSort: () =>
      update(
        state.ordenar === column
          ? { ordenar: column, direcao: state.direcao === 'asc' ? 'desc' : 'asc' }
          : { ordenar: column, direcao: defaultDirecao(column) },
      ),
  });
  const columns = rankingColumns({
    agrupar: state.agrupar,
    drillHref: (stage, grupo) => {
      const group = groupParams(state.agrupar, grupo);
      return group && stages.includes(stage) ? drillHref(stage, base, group) : null;
    },
    onZoom: (grupo) => {
      const patch = zoomPatch(role, state.agrupar, grupo);
      return patch ? () => update(patch) : null;
    },
    sort,
  });

  let notice: DataTableNotice | null = null;
  if (!enabled) notice = { kind: 'prompt', title: state.periodError ?? '' };
  else if (funil.isError) notice = { kind: 'error', title: errorMessage(funil.error, RELATORIO_MESSAGES.failed) };
  else if (resposta && resposta.grupos.length === 0) {
    notice = {
      kind: 'empty',
      title: RELATORIO_MESSAGES.empty,
      description: state.active.length > 0 ? 'Tente outro período ou limpe os filtros.' : 'Tente outro período.',
    };
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <RelatorioFilters params={params} exportHref={enabled ? funilCsvUrl(funilParams) : null} />

      <KpiCards
        current={enabled ? totais : undefined}
        previous={enabled ? anterior.data?.resposta.totais : undefined}
        previousRange={state.previous}
        failed={funil.isError || !enabled}
      />

      {enabled && totais && totais.custo !== undefined ? <CustosResumo totais={totais} /> : null}

      {enabled && totais ? (
        empty ? (
          <Card>
            <CardContent className="p-8 text-center">
              <p className="font-medium">{RELATORIO_MESSAGES.empty}</p>
              <p className="text-sm text-muted-foreground">Os gráficos aparecem quando houver registros no período.</p>
            </CardContent>
          </Card>
        ) : (
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            <RelatorioCharts
              totais={totais}
              serie={{ pontos: serie.data?.pontos, isPending: serie.isPending, isError: serie.isError }}
              intervalo={state.intervalo}
              onIntervalo={(intervalo) => update({ intervalo })}
              ate={state.range.ate}
              stages={stages}
              base={base}
              grupos={resposta?.grupos}
            />
          </Suspense>
        )
      ) : enabled && funil.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : null}

      <Card className="min-w-0">
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold">Ranking</h2>
          {funil.data ? (
            <Badge variant="secondary" data-testid="ranking-count">
              {formatCount(funil.data.total)} {funil.data.total === 1 ? 'grupo' : 'grupos'}
            </Badge>
          ) : null}
          <div className="ml-auto flex flex-wrap items-end gap-2 lg:hidden">
            <div className="flex flex-col gap-1">
              <Label htmlFor="ranking-ordenar" className="text-xs">
                Ordenar por
              </Label>
              <Select
                value={`${state.ordenar}:${state.direcao}`}
                onValueChange={(value) => {
                  const [ordenar, direcao] = value.split(':');
                  update({ ordenar, direcao });
                }}
              >
                <SelectTrigger id="ranking-ordenar" className="h-9 w-52">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(SORT_LABELS) as Ordenar[]).flatMap((column) =>
                    (['desc', 'asc'] as const).map((direcao) => (
                      <SelectItem key={`${column}:${direcao}`} value={`${column}:${direcao}`}>
                        {SORT_LABELS[column]} ({sortDirectionLabel(column, direcao)})
                      </SelectItem>
                    )),
                  )}
                </SelectContent>
              </Select>
            </div>
          </div>
        </div>
        <div className="px-2 pb-4 sm:px-4">
          <DataTable
            caption="Ranking"
            columns={columns}
            rows={enabled && resposta ? rankingRows(resposta.grupos) : []}
            isLoading={enabled && funil.isPending}
            isUpdating={funil.isPlaceholderData}
            notice={notice}
            pagination={
              enabled && funil.data
                ? {
                    page: state.page,
                    pageSize: RANKING_PAGE_SIZE,
                    total: funil.data.total,
                    onPageChange: (page) => update({ page: String(page) }),
                  }
                : undefined
            }
            cards="list"
          />
        </div>
      </Card>

      <MatriculasStatusSection params={params} listar={stages.includes('matriculas')} />

      <AcompanhamentoSection params={params} />
    </div>
  );
}
