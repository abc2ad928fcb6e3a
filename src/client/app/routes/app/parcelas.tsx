import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ParcelasScreen } from '@/features/cobranca/components/parcelas-screen';

/** Financeiro > Parcelas (issue 43); 'Dar baixa' for the roles that may (ADR 076). */
export default function ParcelasRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/parcelas">
      <ParcelasScreen podeDarBaixa={can(role, 'parcelas.baixa')} />
    </RoutePage>
  );
}
