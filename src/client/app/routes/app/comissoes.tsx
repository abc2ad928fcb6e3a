import { can } from '@shared/permissions';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ComissoesScreen } from '@/features/comissoes/components/comissoes-screen';

/** Financeiro > Comissões (issue 44, ADR 088): the network's for the franqueador, its subtree's for a franquia. */
export default function ComissoesRoute() {
  const { role } = useCurrentUser();
  return (
    <RoutePage path="/financeiro/comissoes">
      <ComissoesScreen
        alcance={role === 'franqueador' ? 'rede' : 'franquia'}
        podeRegras={can(role, 'comissoes.regras')}
        podeFechar={can(role, 'comissoes.fechar')}
        podeConfigurar={can(role, 'comissoes.configuracao')}
      />
    </RoutePage>
  );
}
