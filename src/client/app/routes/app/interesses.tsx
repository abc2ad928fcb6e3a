import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function InteressesRoute() {
  return (
    <RoutePage path="/interesses">
      <ScreenInPreparation />
    </RoutePage>
  );
}
