import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ProtectedRoute } from '@/app/guards/protected-route';
import { AppShell } from '@/app/shell/app-shell';
import { useCurrentUser } from '@/app/shell/current-user';
import { registerServiceWorker } from '@/lib/pwa';

function ShellWithUser() {
  const user = useCurrentUser();
  // The installable app (issue 49): its worker is registered by the signed-in screens only, never a public page.
  useEffect(() => void registerServiceWorker(), []);
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
