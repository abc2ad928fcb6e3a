import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ReguaScreen } from '@/features/cobranca/components/regua-screen';

/** Financeiro > Régua de cobrança (issue 43, ADR 078). */
export default function ReguaRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/regua">
      <ReguaScreen escolheFranquia={role === 'franqueador'} />
    </RoutePage>
  );
}
