import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { RoutePage } from '@/app/shell/route-page';
import { Button } from '@/components/ui/button';
import { ImportacoesScreen } from '@/features/importacoes/components/importacoes-screen';

/** Importações (issue 50): the caller's imports and 'Nova importação'. */
export default function ImportacoesRoute() {
  return (
    <RoutePage
      path="/importacoes"
      actions={
        <Button asChild>
          <Link to="/importacoes/nova">
            <Plus aria-hidden="true" />
            Nova importação
          </Link>
        </Button>
      }
    >
      <ImportacoesScreen />
    </RoutePage>
  );
}
