import { createBrowserRouter, RouterProvider } from 'react-router';
import { getUserQueryOptions } from '@/features/auth/api/get-user';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';

const queryClient = createQueryClient();
// A signed-in screen needs the session first: it is asked for while the screen's code downloads, instead of after.
// The sign-in page shows its form without waiting for it, and asks once it is on screen; the reset page never.
if (!/^\/(auth|reset-password)\/?$/.test(window.location.pathname)) {
  void queryClient.prefetchQuery(getUserQueryOptions());
}

const router = createBrowserRouter(routes);

/**
 * Settles once the router has the first screen's code (or has failed to get it): main.tsx renders then, so the
 * first paint is the screen itself rather than a loader replaced a moment later.
 */
export const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    resolve();
  });
});

/** The staff application: the query cache, the toasts and the router with every screen. */
export default function StaffApp() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
