import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function PreMatriculasRoute() {
  return (
    <RoutePage path="/pre-matriculas">
      <ScreenInPreparation />
    </RoutePage>
  );
}
