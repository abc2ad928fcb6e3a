import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function MatriculasRoute() {
  return (
    <RoutePage path="/matriculas">
      <ScreenInPreparation />
    </RoutePage>
  );
}
