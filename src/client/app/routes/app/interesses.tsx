import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { InteressesScreen } from '@/features/funnel/components/interesses-screen';

export default function InteressesRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/interesses">
      <InteressesScreen showCliente={role === 'franqueador'} />
    </RoutePage>
  );
}
