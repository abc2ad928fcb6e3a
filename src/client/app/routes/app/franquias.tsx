import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function FranquiasRoute() {
  return (
    <RoutePage path="/franquias">
      <ScreenInPreparation />
    </RoutePage>
  );
}
