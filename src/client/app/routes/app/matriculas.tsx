import { RoutePage } from '@/app/shell/route-page';
import { MatriculasScreen } from '@/features/funnel/components/matriculas-screen';

export default function MatriculasRoute() {
  return (
    <RoutePage path="/matriculas">
      <MatriculasScreen />
    </RoutePage>
  );
}
