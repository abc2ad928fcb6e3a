import { can } from '@shared/permissions';
import { canAccessRoute } from '@shared/roles';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { RelatoriosScreen } from '@/features/relatorios/components/relatorios-screen';
import { VisitasSection } from '@/features/relatorios/components/visitas-section';

export default function RelatoriosRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/relatorios">
      <RelatoriosScreen role={role} />
      {/* Issue 49: the vendedores' visits to schools, for the roles that see visits. */}
      {can(role, 'visitas.ver') ? (
        <div className="mt-6">
          <VisitasSection role={role} linkVisitas={canAccessRoute(role, '/visitas')} />
        </div>
      ) : null}
    </RoutePage>
  );
}
