import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { MATRICULA_STATUS_PARAM } from '@shared/schemas/funnel';
import { MATRICULA_STATUSES, MATRICULA_STATUS_LABELS, type MatriculaStatus } from '@shared/schemas/matricula';
import { SEM_FILTRO } from '@/components/ui/select';
import { resetPage } from '@/hooks/use-page-cursor';
import { MatriculaStatusBadge } from './matricula-status-badge';
import { NOME_NA_LISTA, OrigemNota, comOrigem } from '../lista/origem-column';
import { MISSING, formatDateOnly, formatDateTime } from '@shared/format';
import { descricaoDoPreco } from '@shared/schemas/matricula';
import type { MatriculaItem } from '@shared/schemas/funnel';
import { type DataTableColumn, type DataTableSort, DataTable } from '@/components/ui/data-table';
import { RecordButton } from '@/components/ui/record-sheet';
import { exportCsvUrl } from '../../api/funnel-keys';
import { useFunnelResumo } from '../../api/get-funnel-resumo';
import { useMatriculas } from '../../api/get-matriculas';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../../hooks/use-funnel-filters';
import { ContactLinks } from '../lista/contact-links';
import { CursoBadge } from '../lista/curso-badge';
import { EventoCell } from '../lista/evento-cell';
import { ForbiddenNotice } from '../lista/forbidden-notice';
import { type FunnelRecordLinks, MatriculaRecord } from '../pre-matriculas/pre-matricula-record';
import type { ParcelaAcao, ParcelasAcao } from './matricula-parcelas';
import { FunnelListCard } from '../lista/funnel-list-card';
import { FUNNEL_METRIC_NOUNS, FunnelMetricCards } from '../lista/funnel-metric-cards';
import { FunnelToolbar } from '../lista/funnel-toolbar';
import { isForbidden, listErrorMessage, listNotice } from '../lista/list-state';

const STATUS_OPTIONS = [
  { value: SEM_FILTRO, label: 'Todos' },
  ...MATRICULA_STATUSES.map((value) => ({ value, label: MATRICULA_STATUS_LABELS[value] })),
];

/** 'Efetivada em' sorts the list (issue 23): the matrícula is created when it is made effective. */
const columns = (
  abrir: (m: MatriculaItem) => void,
  sortByDate: DataTableSort,
  /** Issue 48: the staff's rows carry where the family came from; the aluno's do not. */
  origem: boolean,
): DataTableColumn<MatriculaItem>[] => [
  {
    key: 'nome',
    header: 'Nome',
    // Issue 23: the row opens its record.
    cell: (m) => <RecordButton label={m.nome} opens="a matrícula" onOpen={() => abrir(m)} />,
    className: NOME_NA_LISTA,
  },
  {
    key: 'contato',
    header: 'Contato',
    cell: (m) => (
      <ContactLinks
        nome={m.nome}
        email={m.email}
        telefone={m.telefone}
        consentimentoRevogado={m.consentimentoRevogado}
      />
    ),
  },
  { key: 'curso', header: 'Curso de Interesse', cell: (m) => <CursoBadge curso={m.cursoInteresse} /> },
  // Issue 42: the course the matrícula took and its price, as they were at Efetivar, and where its contract stands
  // (one column: the table keeps SPEC's columns readable at 1280 px).
  {
    key: 'cursoMatricula',
    header: 'Curso, valor e status',
    cell: (m) => (
      <span className="flex flex-col items-start gap-1">
        {m.cursoTitulo ? (
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">{m.cursoTitulo}</span>
            <span className="text-sm text-muted-foreground">{descricaoDoPreco(m) ?? MISSING}</span>
          </span>
        ) : (
          <span>{MISSING}</span>
        )}
        <MatriculaStatusBadge status={m.status} motivo={m.motivoCancelamento} />
      </span>
    ),
  },
  {
    key: 'escola',
    header: 'Escola',
    // Where the family came from (issue 48) sits under its school: a column of its own would push the table past
    // its card at 1280 px (item 17). So does the event's date between 1024 and 1535 px, where the name keeps room
    // for a first name on a line (its own column from 1536 px, and on a phone's card).
    cell: (m) => (
      <span className="flex flex-col gap-1">
        <EventoCell evento={m.evento} withDate="sem-coluna" />
        {origem && m.origem ? <OrigemNota origem={m.origem} /> : null}
      </span>
    ),
  },
  {
    key: 'dataEvento',
    header: 'Data do Evento',
    cell: (m) => formatDateOnly(m.evento.dataEvento),
    className: 'hidden whitespace-nowrap 2xl:table-cell',
  },
  {
    key: 'efetivadaEm',
    header: 'Efetivada em',
    sort: sortByDate,
    cell: (m) => formatDateTime(m.efetivadaEm),
    className: 'whitespace-nowrap',
  },
];

/** Matrículas Efetivadas (SPEC §2): the four cards and the effective date; 403 for the vendedor. */
export function MatriculasScreen({
  exportJob = false,
  leadsPath = null,
  podeCancelar = false,
  parcelaAcao,
  parcelasAcao,
}: {
  exportJob?: boolean;
  podeCancelar?: boolean;
  /** Issue 43 (ADR 076): what the record offers on each parcela ('Dar baixa'), composed by the route. */
  parcelaAcao?: ParcelaAcao;
  /** Issue 43 (ADR 079): what the record's parcelas offer as a whole ('Renegociar'), composed by the route. */
  parcelasAcao?: ParcelasAcao;
} & Partial<FunnelRecordLinks> = {}) {
  const filters = useFunnelFilters();
  const [aberta, setAberta] = useState<MatriculaItem | null>(null);
  // Issue 42: the status filter, kept in the address as the other filters are.
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const raw = searchParams.get(MATRICULA_STATUS_PARAM) ?? '';
  const status: MatriculaStatus | '' = (MATRICULA_STATUSES as readonly string[]).includes(raw)
    ? (raw as MatriculaStatus)
    : '';
  const setStatus = (value: string) =>
    editAddress((next) => {
      if (value) next.set(MATRICULA_STATUS_PARAM, value);
      else next.delete(MATRICULA_STATUS_PARAM);
      resetPage(next);
    });
  const params = { ...filters.params, status: status || undefined };
  const statusParam: Record<string, string> = status ? { [MATRICULA_STATUS_PARAM]: status } : {};
  const listQuery = useMatriculas(params);
  const live = useLiveList(listQuery, JSON.stringify(params));
  const list = { ...listQuery, data: live.data };
  const forbidden = isForbidden(list.error);
  const resumo = useFunnelResumo('matriculas');
  // Issue 51: the stage before, for the real conversion rate.
  const anterior = useFunnelResumo('pre-matriculas');

  if (forbidden) return <ForbiddenNotice message={listErrorMessage('matriculas', list.error)} />;

  return (
    <div className="flex flex-col gap-6">
      <FunnelMetricCards
        resumo={resumo}
        anterior={anterior}
        filtered={list.data?.total}
        nouns={FUNNEL_METRIC_NOUNS.matriculas}
      />
      <FunnelToolbar
        filters={filters}
        exportHref={exportCsvUrl('/api/matriculas/export.csv', filters.params, statusParam)}
        exportJobUrl={exportJob ? exportCsvUrl('/api/matriculas/exportacoes', filters.params, statusParam) : undefined}
        situacao={{ value: status, onChange: setStatus, label: 'Status', options: STATUS_OPTIONS }}
      />
      <FunnelListCard
        live={live}
        title="Lista de Matrículas Efetivadas"
        count={list.data?.total}
        countExact={list.data?.exact ?? true}
        noun={['matrícula', 'matrículas']}
      >
        <DataTable
          caption="Matrículas Efetivadas"
          columns={columns(setAberta, filters.sortFor('criadoEm'), comOrigem(list.data?.items))}
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          isUpdating={list.isPlaceholderData}
          notice={listNotice('matriculas', list, filters.active || status !== '')}
          pagination={filters.paginationOf(list.data)}
          cards="list"
        />
      </FunnelListCard>
      <MatriculaRecord
        matricula={aberta}
        onClose={() => setAberta(null)}
        leadsPath={leadsPath}
        onCancelada={podeCancelar ? setAberta : undefined}
        parcelaAcao={parcelaAcao}
        parcelasAcao={parcelasAcao}
      />
    </div>
  );
}
