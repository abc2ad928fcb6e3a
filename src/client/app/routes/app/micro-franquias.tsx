import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function MicroFranquiasRoute() {
  return (
    <RoutePage path="/micro-franquias">
      <ScreenInPreparation />
    </RoutePage>
  );
}
