import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { InadimplenciaScreen } from '@/features/relatorios/components/inadimplencia-screen';

/** Financeiro > Inadimplência (issue 43, ADR 077). */
export default function InadimplenciaRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/inadimplencia">
      <InadimplenciaScreen role={role} />
    </RoutePage>
  );
}
