import { MISSING } from '@shared/format';
import type { LeadItem } from '@shared/schemas/funnel';
import type { DataTableColumn } from '@/components/ui/data-table';
import { AcompanharLink, type LeadListPath } from './acompanhar-link';
import { InscricaoBadges } from '../lista/inscricao-badges';
import { LeadStatusBadge } from './lead-status-badge';

/**
 * The 'Ações' column's width in the table, fixed so that Status can stick just left of it: its header's word and
 * the cell's padding (an icon button is narrower).
 */
const ACOES_WIDTH = 'w-[4.5rem] min-w-[4.5rem] max-w-[4.5rem]';

/**
 * What Leads and Interesses add to SPEC's columns (issue 16): the status, who follows the lead (on wide screens
 * and on the phone's cards; below 1536 px the table has no room for it) and the row's 'Acompanhar'. In the
 * table, Status and Ações stay at its right edge: when names make it wider than the screen (the franqueador's,
 * with its Cliente column) the middle columns scroll under them, and the follow-up is always in sight.
 */
export function leadFollowUpColumns(from: LeadListPath): DataTableColumn<LeadItem>[] {
  return [
    {
      key: 'vendedorResponsavel',
      header: 'Vendedor responsável',
      cell: (lead) => lead.responsavel?.nome ?? MISSING,
      className: 'hidden 2xl:table-cell',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (lead) => (
        <>
          <LeadStatusBadge status={lead.status} />
          <InscricaoBadges lead={lead} />
        </>
      ),
      className: 'sticky right-[4.5rem] bg-card shadow-[-8px_0_8px_-8px_rgb(15_23_42_/_0.2)]',
    },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (lead) => <AcompanharLink leadId={lead.id} nomeAluno={lead.nomeAluno} from={from} />,
      className: `sticky right-0 bg-card text-right ${ACOES_WIDTH}`,
    },
  ];
}
