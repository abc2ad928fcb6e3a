import { todayInBrasilia } from '@shared/brasilia';
import { RoutePage } from '@/app/shell/route-page';
import { CustosCampanhaScreen } from '@/features/custos/components/custos-campanha-screen';

/** Financeiro > Custos de campanha (issue 48): the franqueador's and a franquia's campaign costs. */
export default function CustosCampanhaRoute() {
  return (
    <RoutePage path="/financeiro/custos-campanha">
      <CustosCampanhaScreen hoje={todayInBrasilia()} />
    </RoutePage>
  );
}
