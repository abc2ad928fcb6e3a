import { RoutePage } from '@/app/shell/route-page';
import { MinhasComissoesScreen } from '@/features/comissoes/components/minhas-comissoes-screen';

/** Financeiro > Minhas comissões (issue 44, ADR 088): the vendedor's and micro-franquia's own statement. */
export default function MinhasComissoesRoute() {
  return (
    <RoutePage path="/financeiro/minhas-comissoes">
      <MinhasComissoesScreen />
    </RoutePage>
  );
}
