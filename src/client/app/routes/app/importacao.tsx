import { useParams } from 'react-router';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { ImportacaoWizard } from '@/features/importacoes/components/importacao-wizard';

/** A new import (`/importacoes/nova`) or one import's step (issue 50). */
export default function ImportacaoRoute() {
  const { role } = useCurrentUser();
  const { id = '' } = useParams();
  return (
    <RoutePage path="/importacoes/:id">
      <ImportacaoWizard id={id} role={role} />
    </RoutePage>
  );
}
