import { can } from '@shared/permissions';
import { canAccessRoute } from '@shared/roles';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { PreMatriculasScreen } from '@/features/funnel/components/pre-matriculas/pre-matriculas-screen';

export default function PreMatriculasRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/pre-matriculas">
      <PreMatriculasScreen
        leadsPath={canAccessRoute(role, '/leads') ? '/leads' : '/interesses'}
        podeDefinirCurso={can(role, 'preMatriculas.definirCurso')}
        podeCorrigirDados={can(role, 'preMatriculas.corrigirDados')}
      />
    </RoutePage>
  );
}
