import { formatDateTime } from '@shared/format';
import { useSearchParams } from 'react-router';
import type { PreMatriculaStatus } from '@shared/enums';
import { PRE_MATRICULA_SITUACAO_PARAM, type PreMatriculaItem } from '@shared/schemas/funnel';
import { type DataTableColumn, type DataTableSort, DataTable } from '@/components/ui/data-table';
import { exportCsvUrl } from '../api/funnel-keys';
import { useFunnelResumo } from '../api/get-funnel-resumo';
import { usePreMatriculas } from '../api/get-pre-matriculas';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../hooks/use-funnel-filters';
import { ConflitoDialog } from './conflito-dialog';
import { ContactLinks } from './contact-links';
import { CursoBadge } from './curso-badge';
import { EfetivarButton } from './efetivar-button';
import { EventoCell } from './evento-cell';
import { ForbiddenNotice } from './forbidden-notice';
import { FunnelListCard } from './funnel-list-card';
import { FUNNEL_METRIC_NOUNS, FunnelMetricCards } from './funnel-metric-cards';
import { FunnelToolbar } from './funnel-toolbar';
import { isForbidden, listErrorMessage, listNotice } from './list-state';

/** The event's date sits under its school; 'Ativada em' (the activation's day) sorts the list (issue 23). */
const columns = (sortByDate: DataTableSort): DataTableColumn<PreMatriculaItem>[] => [
  {
    key: 'nome',
    header: 'Nome',
    cell: (pre) => (
      <span className="flex max-w-36 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{pre.nome}</span>
          {pre.conflito ? <ConflitoDialog preMatricula={pre} conflito={pre.conflito} /> : null}
        </span>
        {pre.cpfAluno ? (
          <span className="whitespace-nowrap text-xs text-muted-foreground">CPF {pre.cpfAluno}</span>
        ) : null}
        {/* Issue 23: who activated the credit, as collected; the CPF masked (the CSV has it whole). */}
        {pre.nomeResponsavel ? (
          <span className="text-xs text-muted-foreground">
            Responsável: {pre.nomeResponsavel}
            {pre.cpfResponsavel ? <span className="block whitespace-nowrap">CPF {pre.cpfResponsavel}</span> : null}
          </span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'contato',
    header: 'Contato',
    cell: (pre) => (
      <ContactLinks
        nome={pre.nome}
        email={pre.email}
        telefone={pre.telefone}
        consentimentoRevogado={pre.consentimentoRevogado}
      />
    ),
  },
  { key: 'curso', header: 'Curso de Interesse', cell: (pre) => <CursoBadge curso={pre.cursoInteresse} /> },
  { key: 'escola', header: 'Escola', cell: (pre) => <EventoCell evento={pre.evento} withDate /> },
  {
    key: 'criadoEm',
    header: 'Ativada em',
    sort: sortByDate,
    // The date never breaks; the header may, so the table fits at 1280 px (issue 23).
    cell: (pre) => <span className="whitespace-nowrap">{formatDateTime(pre.createdAt)}</span>,
  },
  { key: 'acoes', header: 'Ações', className: 'text-right', cell: (pre) => <EfetivarButton preMatricula={pre} /> },
];

/** Pré-Matrículas (SPEC §2) with the four cards and Efetivar per row; a 'Conflito' badge opens a repeat activation's data. */
export function PreMatriculasScreen() {
  const filters = useFunnelFilters();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(PRE_MATRICULA_SITUACAO_PARAM) ?? '';
  const situacao: PreMatriculaStatus | '' = raw === 'pendente' || raw === 'efetivada' ? raw : '';
  const setSituacao = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(PRE_MATRICULA_SITUACAO_PARAM, value);
        else next.delete(PRE_MATRICULA_SITUACAO_PARAM);
        return next;
      },
      { replace: true },
    );
    filters.setPage(1);
  };
  const params = { ...filters.params, situacao: situacao || undefined };
  const resumo = useFunnelResumo('pre-matriculas');
  const listQuery = usePreMatriculas(params);
  const live = useLiveList(listQuery, JSON.stringify(params));
  const list = { ...listQuery, data: live.data };

  if (isForbidden(list.error)) {
    return <ForbiddenNotice message={listErrorMessage('preMatriculas', list.error)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <FunnelMetricCards resumo={resumo} filtered={list.data?.total} nouns={FUNNEL_METRIC_NOUNS.preMatriculas} />
      <FunnelToolbar
        filters={filters}
        exportHref={exportCsvUrl(
          '/api/pre-matriculas/export.csv',
          filters.params,
          situacao ? { [PRE_MATRICULA_SITUACAO_PARAM]: situacao } : {},
        )}
        exportJobUrl={exportCsvUrl(
          '/api/pre-matriculas/exportacoes',
          filters.params,
          situacao ? { [PRE_MATRICULA_SITUACAO_PARAM]: situacao } : {},
        )}
        situacao={{ value: situacao, onChange: setSituacao }}
      />
      <FunnelListCard
        live={live}
        title="Lista de Pré-Matrículas"
        count={list.data?.total}
        countExact={list.data?.exact ?? true}
        noun={['pré-matrícula', 'pré-matrículas']}
      >
        <DataTable
          caption="Pré-Matrículas"
          columns={columns(filters.sortFor('criadoEm'))}
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          notice={listNotice('preMatriculas', list, filters.active)}
          pagination={
            list.data
              ? {
                  page: filters.page,
                  pageSize: filters.params.pageSize,
                  total: list.data.total,
                  totalExact: list.data.exact,
                  onPageChange: filters.setPage,
                }
              : undefined
          }
          cards="list"
        />
      </FunnelListCard>
    </div>
  );
}
