import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function SacRoute() {
  return (
    <RoutePage path="/sac">
      <ScreenInPreparation />
    </RoutePage>
  );
}
