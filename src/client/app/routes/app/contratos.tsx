import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ContratosScreen } from '@/features/contratos/components/contratos-screen';

export default function ContratosRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/contratos">
      <ContratosScreen role={role} />
    </RoutePage>
  );
}
