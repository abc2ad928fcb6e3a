import { MISSING, formatDateOnly } from '@shared/format';
import type { LeadItem } from '@shared/schemas/funnel';
import { type DataTableColumn, DataTable } from '@/components/ui/data-table';
import { exportCsvUrl } from '../api/funnel-keys';
import { useFunnelResumo } from '../api/get-funnel-resumo';
import { useLeads } from '../api/get-leads';
import { useLiveList } from '@/hooks/use-live-list';
import { useFunnelFilters } from '../hooks/use-funnel-filters';
import { ContactLinks } from './contact-links';
import { EventoCell } from './evento-cell';
import { ForbiddenNotice } from './forbidden-notice';
import { FunnelListCard } from './funnel-list-card';
import { FunnelMetricCards } from './funnel-metric-cards';
import { FunnelToolbar } from './funnel-toolbar';
import { leadFollowUpColumns } from './lead-follow-up-columns';
import { isForbidden, listErrorMessage, listNotice } from './list-state';

function columns(showCliente: boolean): DataTableColumn<LeadItem>[] {
  return [
    { key: 'aluno', header: 'Aluno', cell: (lead) => <span className="font-medium">{lead.nomeAluno}</span> },
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
    ...(showCliente
      ? [{ key: 'cliente', header: 'Cliente', cell: (lead: LeadItem) => lead.cliente?.nomeFantasia ?? MISSING }]
      : []),
    { key: 'escola', header: 'Escola', cell: (lead) => <EventoCell evento={lead.evento} /> },
    {
      key: 'dataEvento',
      header: 'Data do Evento',
      // The date never breaks; the header may, so the follow-up columns (issue 16) fit at 1280 px.
      cell: (lead) => <span className="whitespace-nowrap">{formatDateOnly(lead.evento.dataEvento)}</span>,
    },
    ...leadFollowUpColumns('/interesses'),
  ];
}

export interface InteressesScreenProps {
  /** The franqueador sees which cliente each interest came through (SPEC §6). */
  showCliente: boolean;
  /** The vendedor filters by its own leads ('Meus'). */
  showMeus?: boolean;
}

/** Interesses (SPEC §2): the network's view of the leads, with the four metric cards. */
export function InteressesScreen({ showCliente, showMeus = false }: InteressesScreenProps) {
  const filters = useFunnelFilters({ followUp: true });
  const resumo = useFunnelResumo('leads');
  const leadsQuery = useLeads(filters.params);
  const live = useLiveList(leadsQuery, JSON.stringify(filters.params));
  const leads = { ...leadsQuery, data: live.data };

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
        <DataTable
          caption="Interesses"
          columns={columns(showCliente)}
          rows={leads.data?.items ?? []}
          isLoading={leads.isPending}
          notice={listNotice('interesses', leads, filters.active)}
          pagination={
            leads.data
              ? {
                  page: filters.page,
                  pageSize: filters.params.pageSize,
                  total: leads.data.total,
                  totalExact: leads.data.exact,
                  onPageChange: filters.setPage,
                  onPageSizeChange: filters.setPageSize,
                }
              : undefined
          }
          cards="list"
        />
      </FunnelListCard>
    </div>
  );
}
