import { useParams } from 'react-router';
import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { TicketPage } from '@/features/sac/components/ticket-page';

/** /sac/:id (issue 19): a ticket's conversation, deadlines, attachments and rating. */
export default function SacTicketRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return (
    <RoutePage path="/sac/:id">
      <TicketPage id={id} isStaff={can(user.role, 'sac.responder')} userId={user.id} />
    </RoutePage>
  );
}
