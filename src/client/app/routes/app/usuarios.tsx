import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function UsuariosRoute() {
  return (
    <RoutePage path="/usuarios">
      <ScreenInPreparation />
    </RoutePage>
  );
}
