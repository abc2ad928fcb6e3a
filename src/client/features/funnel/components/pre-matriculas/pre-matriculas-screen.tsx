import { useState } from 'react';
import { BookOpen, FileText, UserRoundPen } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import { useSearchParams } from 'react-router';
import { useAddressEditor } from '@/hooks/use-address-editor';
import { resetPage } from '@/hooks/use-page-cursor';
import type { PreMatriculaStatus } from '@shared/enums';
import { PRE_MATRICULA_SITUACAO_PARAM, type PreMatriculaItem } from '@shared/schemas/funnel';
import { type DataTableColumn, type DataTableSort, DataTable } from '@/components/ui/data-table';
import { RecordButton } from '@/components/ui/record-sheet';
import { exportCsvUrl } from '../../api/funnel-keys';
import { useFunnelResumo } from '../../api/get-funnel-resumo';
import { usePreMatriculas } from '../../api/get-pre-matriculas';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../../hooks/use-funnel-filters';
import { ConflitoDialog } from './conflito-dialog';
import { ContactLinks } from '../lista/contact-links';
import { CursoBadge } from '../lista/curso-badge';
import { OrigemNota, comOrigem } from '../lista/origem-column';
import { CURSO_A_DEFINIR, DefinirCursoDialog } from './definir-curso-dialog';
import { CorrigirPreMatriculaDialog } from './corrigir-pre-matricula-dialog';
import { type FunnelRecordLinks, PreMatriculaRecord } from './pre-matricula-record';
import { EfetivarButton } from './efetivar-button';
import { EventoCell } from '../lista/evento-cell';
import { ForbiddenNotice } from '../lista/forbidden-notice';
import { FunnelListCard } from '../lista/funnel-list-card';
import { FUNNEL_METRIC_NOUNS, FunnelMetricCards } from '../lista/funnel-metric-cards';
import { FunnelToolbar } from '../lista/funnel-toolbar';
import { isForbidden, listErrorMessage, listNotice } from '../lista/list-state';

interface ColumnActions {
  abrir: (pre: PreMatriculaItem) => void;
  /** Absent when the role may not set the course. */
  definirCurso?: (pre: PreMatriculaItem) => void;
  /** Absent when the role may not correct the family's data (issue 39 item 14). */
  corrigirDados?: (pre: PreMatriculaItem) => void;
  /** 'Ativada em' (the activation's day) sorts the list (issue 23). */
  sortByDate: DataTableSort;
  /** Issue 48: the staff's rows carry where the family came from; the aluno's do not. */
  origem: boolean;
}

/** The event's date sits under its school; the row's one menu holds Efetivar, the record and the course. */
const columns = ({
  abrir,
  definirCurso,
  corrigirDados,
  sortByDate,
  origem,
}: ColumnActions): DataTableColumn<PreMatriculaItem>[] => [
  {
    key: 'nome',
    header: 'Nome',
    cell: (pre) => (
      <span className="flex max-w-36 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          {/* Issue 23: the row opens its record. */}
          <RecordButton label={pre.nome} opens="a pré-matrícula" onOpen={() => abrir(pre)} />
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
  {
    key: 'curso',
    header: 'Curso de Interesse',
    // 'Curso a definir' only while none is set (issue 23): the staff set it with 'Definir curso'.
    cell: (pre) =>
      pre.cursoInteresse || pre.status === 'efetivada' ? (
        <CursoBadge curso={pre.cursoInteresse} />
      ) : (
        <span className="text-muted-foreground">{CURSO_A_DEFINIR}</span>
      ),
  },
  { key: 'escola', header: 'Escola', cell: (pre) => <EventoCell evento={pre.evento} withDate /> },
  {
    key: 'criadoEm',
    header: 'Ativada em',
    sort: sortByDate,
    // The date never breaks; the header may, so the table fits at 1280 px (issue 23). Where the family came from
    // (issue 48) sits under it: a column of its own would push the table past its card (item 17).
    cell: (pre) => (
      <span className="flex flex-col gap-1">
        <span className="whitespace-nowrap">{formatDateTime(pre.createdAt)}</span>
        {origem && pre.origem ? <OrigemNota origem={pre.origem} /> : null}
      </span>
    ),
  },
  {
    key: 'acoes',
    header: 'Ações',
    className: 'text-right',
    // One row-action menu (issue 23): Efetivar (asks first), the record, and the course while pending.
    cell: (pre) => (
      <EfetivarButton
        preMatricula={pre}
        actions={[
          { label: 'Abrir pré-matrícula', icon: FileText, onSelect: () => abrir(pre) },
          ...(definirCurso && pre.status === 'pendente'
            ? [{ label: 'Definir curso', icon: BookOpen, onSelect: () => definirCurso(pre) }]
            : []),
          ...(corrigirDados
            ? [{ label: 'Corrigir dados', icon: UserRoundPen, onSelect: () => corrigirDados(pre) }]
            : []),
        ]}
      />
    ),
  },
];

export interface PreMatriculasScreenProps extends Partial<FunnelRecordLinks> {
  /** The role may set a pré-matrícula's course (issue 23). */
  podeDefinirCurso?: boolean;
  /** The role may correct the family's names, e-mail and phone (issue 39 item 14). */
  podeCorrigirDados?: boolean;
}

/** Pré-Matrículas (SPEC §2) with the four cards and Efetivar per row; a 'Conflito' badge opens a repeat activation's data. */
export function PreMatriculasScreen({
  leadsPath = null,
  podeDefinirCurso = false,
  podeCorrigirDados = false,
}: PreMatriculasScreenProps = {}) {
  const filters = useFunnelFilters();
  const [aberta, setAberta] = useState<PreMatriculaItem | null>(null);
  const [definindo, setDefinindo] = useState<PreMatriculaItem | null>(null);
  const definirCurso = podeDefinirCurso
    ? (pre: PreMatriculaItem) => {
        setAberta(null);
        setDefinindo(pre);
      }
    : undefined;
  const [corrigindo, setCorrigindo] = useState<PreMatriculaItem | null>(null);
  const corrigirDados = podeCorrigirDados
    ? (pre: PreMatriculaItem) => {
        setAberta(null);
        setCorrigindo(pre);
      }
    : undefined;
  const [searchParams] = useSearchParams();
  const editAddress = useAddressEditor();
  const raw = searchParams.get(PRE_MATRICULA_SITUACAO_PARAM) ?? '';
  const situacao: PreMatriculaStatus | '' = raw === 'pendente' || raw === 'efetivada' ? raw : '';
  const setSituacao = (value: string) => {
    editAddress((next) => {
      if (value) next.set(PRE_MATRICULA_SITUACAO_PARAM, value);
      else next.delete(PRE_MATRICULA_SITUACAO_PARAM);
      // Another situação starts at page 1, in the same write as the filter.
      resetPage(next);
    });
  };
  const params = { ...filters.params, situacao: situacao || undefined };
  const resumo = useFunnelResumo('pre-matriculas');
  // Issue 51: the stage before, for the real conversion rate.
  const anterior = useFunnelResumo('leads');
  const listQuery = usePreMatriculas(params);
  const live = useLiveList(listQuery, JSON.stringify(params));
  const list = { ...listQuery, data: live.data };

  if (isForbidden(list.error)) {
    return <ForbiddenNotice message={listErrorMessage('preMatriculas', list.error)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <FunnelMetricCards
        resumo={resumo}
        anterior={anterior}
        filtered={list.data?.total}
        nouns={FUNNEL_METRIC_NOUNS.preMatriculas}
      />
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
          columns={columns({
            abrir: setAberta,
            definirCurso,
            corrigirDados,
            sortByDate: filters.sortFor('criadoEm'),
            origem: comOrigem(list.data?.items),
          })}
          rows={list.data?.items ?? []}
          isLoading={list.isPending}
          isUpdating={list.isPlaceholderData}
          notice={listNotice('preMatriculas', list, filters.active)}
          pagination={filters.paginationOf(list.data)}
          cards="list"
        />
      </FunnelListCard>
      <PreMatriculaRecord
        preMatricula={aberta}
        onClose={() => setAberta(null)}
        leadsPath={leadsPath}
        onDefinirCurso={definirCurso}
      />
      <DefinirCursoDialog preMatricula={definindo} onClose={() => setDefinindo(null)} />
      <CorrigirPreMatriculaDialog preMatricula={corrigindo} onClose={() => setCorrigindo(null)} />
    </div>
  );
}
