import { MISSING, formatDateTime } from '@shared/format';
import type { LeadItem } from '@shared/schemas/funnel';
import { type DataTableColumn, type DataTableSort, DataTable } from '@/components/ui/data-table';
import { exportCsvUrl } from '../../api/funnel-keys';
import { useFunnelResumo } from '../../api/get-funnel-resumo';
import { useLeads } from '../../api/get-leads';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../../hooks/use-funnel-filters';
import { ContactLinks } from '../lista/contact-links';
import { eventoComOrigemColumn } from '../lista/evento-cell';
import { ForbiddenNotice } from '../lista/forbidden-notice';
import { FunnelListCard } from '../lista/funnel-list-card';
import { FunnelMetricCards } from '../lista/funnel-metric-cards';
import { FunnelToolbar } from '../lista/funnel-toolbar';
import { leadFollowUpColumns } from './lead-follow-up-columns';
import { NOME_NA_LISTA, origemColumn } from '../lista/origem-column';
import { isForbidden, listErrorMessage, listNotice } from '../lista/list-state';
import type { Role } from '@shared/roles';
import { useLoteSelection } from '../../hooks/use-lote-selection';
import { LoteBar } from '../lista/lote-bar';

/**
 * The columns fit at 1280 px (issue 23, as Pré-Matrículas): the guardian sits under the student, the event's date
 * under its school, and the sortable 'Inscrito em' (the sign-up's day) takes the date's place.
 */
function columns(showCliente: boolean, sortByDate: DataTableSort): DataTableColumn<LeadItem>[] {
  return [
    {
      key: 'aluno',
      header: 'Aluno',
      cell: (lead) => (
        <span className="flex max-w-40 flex-col gap-1">
          <span className="font-medium">{lead.nomeAluno}</span>
          <span className="text-xs text-muted-foreground">Responsável: {lead.nomeResponsavel}</span>
        </span>
      ),
      className: NOME_NA_LISTA,
    },
    {
      key: 'contato',
      header: 'Contato',
      cell: (lead) => (
        <ContactLinks
          nome={lead.nomeResponsavel}
          email={lead.email}
          telefone={lead.telefone}
          consentimentoRevogado={lead.consentimentoRevogado}
        />
      ),
    },
    ...(showCliente
      ? [{ key: 'cliente', header: 'Cliente', cell: (lead: LeadItem) => lead.cliente?.nomeFantasia ?? MISSING }]
      : []),
    eventoComOrigemColumn<LeadItem>('escola', 'Escola'),
    {
      key: 'criadoEm',
      header: 'Inscrito em',
      sort: sortByDate,
      // The date never breaks; the header may.
      cell: (lead) => <span className="whitespace-nowrap">{formatDateTime(lead.createdAt)}</span>,
    },
    origemColumn<LeadItem>(),
    ...leadFollowUpColumns('/interesses'),
  ];
}

export interface InteressesScreenProps {
  /** The franqueador sees which cliente each interest came through (SPEC §6). */
  showCliente: boolean;
  /** The vendedor filters by its own leads ('Meus'). */
  showMeus?: boolean;
  /** Issue 50: the bulk actions the role may take. */
  role: Role;
}

/** Interesses (SPEC §2): the network's view of the leads, with the four metric cards. */
export function InteressesScreen({ showCliente, showMeus = false, role }: InteressesScreenProps) {
  const filters = useFunnelFilters({ followUp: true });
  const resumo = useFunnelResumo('leads');
  const leadsQuery = useLeads(filters.params);
  const live = useLiveList(leadsQuery, JSON.stringify(filters.params));
  const leads = { ...leadsQuery, data: live.data };
  const { page: _page, apos: _apos, antes: _antes, irPara: _irPara, ...filtrosDaSelecao } = filters.params;
  const selection = useLoteSelection(JSON.stringify(filtrosDaSelecao));

  if (isForbidden(leads.error)) return <ForbiddenNotice message={listErrorMessage('interesses', leads.error)} />;

  return (
    <div className="flex flex-col gap-6">
      <FunnelMetricCards resumo={resumo} filtered={leads.data?.total} />
      <FunnelToolbar
        filters={filters}
        exportHref={exportCsvUrl('/api/leads/export.csv', filters.params, { view: 'interesses' })}
        exportJobUrl={exportCsvUrl('/api/leads/exportacoes', filters.params, { view: 'interesses' })}
        followUp={{ meus: showMeus }}
      />
      <FunnelListCard
        live={live}
        title="Lista de Interesses"
        count={leads.data?.total}
        countExact={leads.data?.exact ?? true}
        noun={['interesse', 'interesses']}
      >
        <div className="flex flex-col gap-3 pt-4">
          <LoteBar
            role={role}
            selection={selection}
            total={leads.data?.total}
            pageIds={(leads.data?.items ?? []).map((lead) => lead.id)}
            filter={filters.params}
            view="interesses"
          />
        </div>
        <DataTable
          selection={{
            selected: selection.ids,
            onChange: selection.onChange,
            rowLabel: (lead) => `Selecionar ${lead.nomeAluno}`,
          }}
          caption="Interesses"
          columns={columns(showCliente, filters.sortFor('criadoEm'))}
          rows={leads.data?.items ?? []}
          isLoading={leads.isPending}
          isUpdating={leads.isPlaceholderData}
          notice={listNotice('interesses', leads, filters.active)}
          pagination={filters.paginationOf(leads.data)}
          cards="list"
        />
      </FunnelListCard>
    </div>
  );
}
