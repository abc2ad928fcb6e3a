import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { CreateTicketDialog } from '@/features/sac/components/create-ticket-dialog';
import { SacResumoCards } from '@/features/sac/components/sac-resumo';
import { TicketList } from '@/features/sac/components/ticket-list';

export default function SacRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/sac" actions={<CreateTicketDialog />}>
      {can(role, 'sac.responder') ? <SacResumoCards comAvaliacao /> : null}
      <TicketList canAnswer={can(role, 'sac.responder')} />
    </RoutePage>
  );
}
