import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { MetricsOverview } from '@/features/dashboard/components/metrics-overview';
import { AlunoFunnelOverview } from '@/features/funnel/components/aluno-funnel-overview';

export default function DashboardRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/">
      <MetricsOverview />
      {role === 'aluno' ? <AlunoFunnelOverview /> : null}
    </RoutePage>
  );
}
