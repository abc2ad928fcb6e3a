import { RoutePage } from '@/app/shell/route-page';
import { ParcelasScreen } from '@/features/cobranca/components/parcelas-screen';

/** Financeiro > Parcelas (issue 43). */
export default function ParcelasRoute() {
  return (
    <RoutePage path="/financeiro/parcelas">
      <ParcelasScreen />
    </RoutePage>
  );
}
