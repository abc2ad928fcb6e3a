import { RoutePage } from '@/app/shell/route-page';
import { DistribuicaoScreen } from '@/features/micro-franquias/components/distribuicao-screen';

/** Distribuição de leads (issue 50): how the micro-franquia's new leads get a vendedor. */
export default function DistribuicaoRoute() {
  return (
    <RoutePage path="/distribuicao">
      <DistribuicaoScreen />
    </RoutePage>
  );
}
