import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { RoyaltiesScreen } from '@/features/royalties/components/royalties-screen';

/** Financeiro > Royalties (issue 45, ADR 089, 092): the network's statements, closings and agreements. */
export default function RoyaltiesRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/royalties">
      <RoyaltiesScreen
        podeFechar={can(role, 'royalties.fechar')}
        podeEditarAcordos={can(role, 'royalties.acordos.editar')}
      />
    </RoutePage>
  );
}
