import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { MeuExtratoScreen } from '@/features/royalties/components/meu-extrato-screen';

/** Financeiro > Meu extrato (issue 45, ADR 089, 092): the franquia's own royalties statements and contests. */
export default function MeuExtratoRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/meu-extrato">
      <MeuExtratoScreen podeContestar={can(role, 'royalties.contestar')} />
    </RoutePage>
  );
}
