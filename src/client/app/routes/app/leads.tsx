import { RoutePage } from '@/app/shell/route-page';
import { LeadsScreen } from '@/features/funnel/components/leads-screen';

export default function LeadsRoute() {
  return (
    <RoutePage path="/leads">
      <LeadsScreen />
    </RoutePage>
  );
}
