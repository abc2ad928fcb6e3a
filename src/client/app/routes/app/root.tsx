import { Outlet } from 'react-router';
import { ProtectedRoute } from '@/app/guards/protected-route';
import { AppShell } from '@/app/shell/app-shell';
import { useCurrentUser } from '@/app/shell/current-user';

function ShellWithUser() {
  const user = useCurrentUser();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

/** Layout of every signed-in screen: the guard, then the sidebar shell. */
export default function AppRoot() {
  return (
    <ProtectedRoute>
      <ShellWithUser />
    </ProtectedRoute>
  );
}
