import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { RelatoriosScreen } from '@/features/relatorios/components/relatorios-screen';

export default function RelatoriosRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/relatorios">
      <RelatoriosScreen role={role} />
    </RoutePage>
  );
}
