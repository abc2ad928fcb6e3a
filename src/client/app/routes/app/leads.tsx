import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function LeadsRoute() {
  return (
    <RoutePage path="/leads">
      <ScreenInPreparation />
    </RoutePage>
  );
}
