import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { LgpdScreen } from '@/features/lgpd/components/lgpd-screen';

export default function LgpdRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/lgpd">
      <LgpdScreen role={role} />
    </RoutePage>
  );
}
