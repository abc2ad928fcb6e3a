import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import { UsuariosScreen } from '@/features/usuarios/components/usuarios-screen';

export default function UsuariosRoute() {
  const user = useCurrentUser();
  return (
    <RoutePage path="/usuarios">
      <UsuariosScreen currentUser={user} />
    </RoutePage>
  );
}
