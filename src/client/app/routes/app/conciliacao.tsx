import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ConciliacaoScreen } from '@/features/cobranca/components/conciliacao-screen';

/** Financeiro > Conciliação (issue 43, ADR 080). */
export default function ConciliacaoRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/conciliacao">
      <ConciliacaoScreen podeConciliar={role === 'franqueador'} />
    </RoutePage>
  );
}
