import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { MetricsOverview } from '@/features/dashboard/components/metrics-overview';
import { AlunoFunnelOverview } from '@/features/funnel/components/aluno-funnel-overview';
import { Ultimos30Dias } from '@/features/relatorios/components/ultimos-30-dias';

export default function DashboardRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/">
      <MetricsOverview />
      {can(role, 'relatorios.ler') ? <Ultimos30Dias /> : null}
      {role === 'aluno' ? <AlunoFunnelOverview /> : null}
    </RoutePage>
  );
}
