import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { AuditoriaScreen } from '@/features/auditoria/components/auditoria-screen';

export default function AuditoriaRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/auditoria">
      <AuditoriaScreen role={role} />
    </RoutePage>
  );
}
