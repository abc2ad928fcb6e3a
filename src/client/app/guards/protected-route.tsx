import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { canAccessRoute, type RoutePath } from '@shared/roles';
import { PageLoader } from '@/components/layouts/page-loader';
import { useUser } from '@/features/auth/api/get-user';
import { CurrentUserContext } from '@/app/shell/current-user';
import { screenPathOf } from './screen-handle';

/**
 * SPEC §2: a spinner while the session loads; no user -> /auth; a role the screen does not allow ->
 * /unauthorized. The screen's path comes from its route handle and the decision from roles.ts.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const user = useUser();
  const location = useLocation();
  const matches = useMatches();
  const from = `${location.pathname}${location.search}`;
  // <Navigate> navigates again whenever its state object changes identity, so keep one per address.
  const redirectState = useMemo(() => ({ from }), [from]);

  if (user.isPending) return <PageLoader label="Carregando sessão..." />;

  if (!user.data) return <Navigate to="/auth" replace state={redirectState} />;

  const screen: RoutePath | undefined = matches.map((match) => screenPathOf(match.handle)).findLast(Boolean);
  if (screen && !canAccessRoute(user.data.role, screen)) return <Navigate to="/unauthorized" replace />;

  return <CurrentUserContext.Provider value={user.data}>{children}</CurrentUserContext.Provider>;
}
