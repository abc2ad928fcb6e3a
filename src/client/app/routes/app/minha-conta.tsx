import { RoutePage } from '@/app/shell/route-page';
import { MinhaContaScreen } from '@/features/conta/components/minha-conta-screen';

export default function MinhaContaRoute() {
  return (
    <RoutePage path="/minha-conta">
      <MinhaContaScreen />
    </RoutePage>
  );
}
