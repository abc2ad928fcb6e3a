import { RoutePage } from '@/app/shell/route-page';
import { IntegracoesScreen } from '@/features/integracoes/components/integracoes-screen';

export default function IntegracoesRoute() {
  return (
    <RoutePage path="/integracoes">
      <IntegracoesScreen />
    </RoutePage>
  );
}
