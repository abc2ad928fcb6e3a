import { Outlet, ScrollRestoration } from 'react-router';

/** The root of every route: the matched screen, and scroll back to the top on navigation. */
export default function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
