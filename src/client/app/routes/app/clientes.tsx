import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { useCepLookup } from '@/features/cep/api/get-cep';
import { ClientesScreen } from '@/features/clientes/components/clientes-screen';

export default function ClientesRoute() {
  const { role } = useCurrentUser();
  const lookupCep = useCepLookup();
  return (
    <RoutePage path="/clientes">
      <ClientesScreen role={role} lookupCep={lookupCep} />
    </RoutePage>
  );
}
