import { formatDateTime } from '@shared/format';
import type { LeadItem } from '@shared/schemas/funnel';
import { type DataTableColumn, type DataTableSort, DataTable } from '@/components/ui/data-table';
import { exportCsvUrl } from '../../api/funnel-keys';
import { useLeads } from '../../api/get-leads';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../../hooks/use-funnel-filters';
import { ContactLinks } from '../lista/contact-links';
import { eventoComOrigemColumn } from '../lista/evento-cell';
import { ForbiddenNotice } from '../lista/forbidden-notice';
import { FunnelListCard } from '../lista/funnel-list-card';
import { FunnelToolbar } from '../lista/funnel-toolbar';
import { leadFollowUpColumns } from './lead-follow-up-columns';
import { NOME_NA_LISTA, origemColumn } from '../lista/origem-column';
import { isForbidden, listErrorMessage, listNotice } from '../lista/list-state';
import type { Role } from '@shared/roles';
import { useLoteSelection } from '../../hooks/use-lote-selection';
import { LoteBar } from '../lista/lote-bar';

/** 'Data' (the sign-up's moment) sorts the list (issue 23). */
const columns = (sortByDate: DataTableSort): DataTableColumn<LeadItem>[] => [
  {
    key: 'aluno',
    header: 'Aluno',
    cell: (lead) => <span className="font-medium">{lead.nomeAluno}</span>,
    className: NOME_NA_LISTA,
  },
  { key: 'responsavel', header: 'Responsável', cell: (lead) => lead.nomeResponsavel },
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
  eventoComOrigemColumn<LeadItem>('evento', 'Evento'),
  {
    key: 'data',
    header: 'Data',
    sort: sortByDate,
    cell: (lead) => formatDateTime(lead.createdAt),
    className: 'whitespace-nowrap',
  },
  origemColumn<LeadItem>(),
  ...leadFollowUpColumns('/leads'),
];

/**
 * The cliente's Leads (SPEC §2): nothing is listed until an event is chosen, or a follow-up filter (issue 16:
 * a dashboard card's 'Retornos de hoje', say) says which leads to show; until then the prompt says why and
 * 'Exportar CSV' waits, its reason beside it (issue 51).
 */
export function LeadsScreen({ role }: { role: Role }) {
  const filters = useFunnelFilters({ followUp: true });
  const eventChosen = Boolean(filters.params.eventoId) || filters.followUpActive;
  const leadsQuery = useLeads(filters.params, { enabled: eventChosen });
  const live = useLiveList(leadsQuery, JSON.stringify(filters.params));
  const leads = { ...leadsQuery, data: live.data };
  const { page: _page, apos: _apos, antes: _antes, irPara: _irPara, ...filtrosDaSelecao } = filters.params;
  const selection = useLoteSelection(JSON.stringify(filtrosDaSelecao));

  if (isForbidden(leads.error)) {
    return <ForbiddenNotice message={listErrorMessage('leads', leads.error)} />;
  }

  const notice = eventChosen
    ? listNotice('leads', leads, filters.active)
    : {
        kind: 'prompt' as const,
        title: 'Selecione um evento',
        // Issue 51: why the list waits, and where the day's leads are without an event.
        description:
          'Os leads são listados por evento: escolha um no filtro Evento. Os retornos do dia e os leads sem contato abrem pelo Acompanhamento do Dashboard.',
      };

  return (
    <div className="flex flex-col gap-6">
      <FunnelToolbar
        filters={filters}
        exportHref={exportCsvUrl('/api/leads/export.csv', filters.params)}
        exportJobUrl={exportCsvUrl('/api/leads/exportacoes', filters.params)}
        followUp={{ meus: false }}
        exportDisabledReason={eventChosen ? undefined : 'Escolha um evento para exportar'}
      />
      <FunnelListCard
        live={eventChosen ? live : undefined}
        title="Lista de Leads"
        count={eventChosen ? leads.data?.total : undefined}
        countExact={leads.data?.exact ?? true}
        noun={['lead', 'leads']}
      >
        {eventChosen ? (
          <div className="flex flex-col gap-3 pt-4">
            <LoteBar
              role={role}
              selection={selection}
              total={leads.data?.total}
              pageIds={(leads.data?.items ?? []).map((lead) => lead.id)}
              filter={filters.params}
              view="leads"
            />
          </div>
        ) : null}
        <DataTable
          selection={
            eventChosen
              ? {
                  selected: selection.ids,
                  onChange: selection.onChange,
                  rowLabel: (lead) => `Selecionar ${lead.nomeAluno}`,
                }
              : undefined
          }
          caption="Leads"
          columns={columns(filters.sortFor('criadoEm'))}
          rows={leads.data?.items ?? []}
          isLoading={eventChosen && leads.isPending}
          isUpdating={leads.isPlaceholderData}
          notice={notice}
          pagination={eventChosen ? filters.paginationOf(leads.data) : undefined}
          cards="list"
        />
      </FunnelListCard>
    </div>
  );
}
