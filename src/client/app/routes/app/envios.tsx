import { RoutePage } from '@/app/shell/route-page';
import { EnviosScreen } from '@/features/envios/components/envios-screen';

export default function EnviosRoute() {
  return (
    <RoutePage path="/envios">
      <EnviosScreen />
    </RoutePage>
  );
}
