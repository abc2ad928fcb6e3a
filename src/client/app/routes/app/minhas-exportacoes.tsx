import { RoutePage } from '@/app/shell/route-page';
import { MinhasExportacoesScreen } from '@/features/exportacoes/components/minhas-exportacoes-screen';

export default function MinhasExportacoesRoute() {
  return (
    <RoutePage path="/minhas-exportacoes">
      <MinhasExportacoesScreen />
    </RoutePage>
  );
}
