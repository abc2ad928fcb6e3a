import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function EventosRoute() {
  return (
    <RoutePage path="/eventos">
      <ScreenInPreparation />
    </RoutePage>
  );
}
