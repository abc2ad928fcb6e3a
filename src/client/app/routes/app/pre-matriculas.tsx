import { RoutePage } from '@/app/shell/route-page';
import { PreMatriculasScreen } from '@/features/funnel/components/pre-matriculas-screen';

export default function PreMatriculasRoute() {
  return (
    <RoutePage path="/pre-matriculas">
      <PreMatriculasScreen />
    </RoutePage>
  );
}
