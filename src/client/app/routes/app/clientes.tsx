import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function ClientesRoute() {
  return (
    <RoutePage path="/clientes">
      <ScreenInPreparation />
    </RoutePage>
  );
}
