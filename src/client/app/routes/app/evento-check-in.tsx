import { useParams } from 'react-router';
import { RoutePage } from '@/app/shell/route-page';
import { CheckInScreen } from '@/features/eventos/components/check-in-screen';

/** /eventos/:id/check-in (issue 20). */
export default function EventoCheckInRoute() {
  const { id = '' } = useParams();
  return (
    <RoutePage path="/eventos/:id/check-in">
      <CheckInScreen key={id} eventoId={id} />
    </RoutePage>
  );
}
