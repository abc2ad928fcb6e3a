import { MISSING } from '@shared/format';
import type { LeadItem } from '@shared/schemas/funnel';
import type { DataTableColumn } from '@/components/ui/data-table';
import { AcompanharLink, type LeadListPath } from './acompanhar-link';
import { LeadStatusBadge } from './lead-status-badge';

/**
 * What Leads and Interesses add to SPEC's columns (issue 16): the status, who follows the lead (on wide screens
 * and on the phone's cards; between 1024 and 1535 px the table has no room for it) and the row's 'Acompanhar'
 * (its icon alone in that range).
 */
export function leadFollowUpColumns(from: LeadListPath): DataTableColumn<LeadItem>[] {
  return [
    { key: 'status', header: 'Status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    {
      key: 'vendedorResponsavel',
      header: 'Vendedor responsável',
      cell: (lead) => lead.responsavel?.nome ?? MISSING,
      className: 'hidden 2xl:table-cell',
    },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (lead) => <AcompanharLink leadId={lead.id} nomeAluno={lead.nomeAluno} from={from} />,
      // Always in reach: when a long name makes the table scroll sideways, the action stays at its right edge.
      className: 'sticky right-0 bg-card text-right',
    },
  ];
}
