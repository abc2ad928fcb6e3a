import { RoutePage } from '@/app/shell/route-page';
import { ScreenInPreparation } from '@/components/layouts/screen-in-preparation';

export default function CursosRoute() {
  return (
    <RoutePage path="/cursos">
      <ScreenInPreparation />
    </RoutePage>
  );
}
