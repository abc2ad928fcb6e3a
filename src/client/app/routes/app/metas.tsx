import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { MetasScreen } from '@/features/metas/components/metas-screen';

/** Metas (issue 48): the caller's goals and its children's, their split, and the ranking of its scope. */
export default function MetasRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/metas">
      <MetasScreen podeDefinir={can(role, 'metas.definir')} podeVerRanking={can(role, 'metas.ranking')} />
    </RoutePage>
  );
}
