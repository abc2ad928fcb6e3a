import { RoutePage } from '@/app/shell/route-page';
import { MetricsOverview } from '@/features/dashboard/components/metrics-overview';

export default function DashboardRoute() {
  return (
    <RoutePage path="/">
      <MetricsOverview />
    </RoutePage>
  );
}
