import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';

/** Changes the current address's query string in place. */
export type AddressEdit = (change: (next: URLSearchParams) => void, options?: { replace?: boolean }) => void;

/**
 * Edits this screen's address, starting from the router's latest one rather than the address of the render that
 * made the call. React renders a navigation as a transition, so a write made before the previous one rendered --
 * a search written when typing pauses, right after an Ação was picked -- would otherwise put the old address back
 * and drop the filter just chosen (seen under load in e2e, on Auditoria and on the lists).
 *
 * A filter change replaces the history entry by default: a new address for the same list is not a new page
 * (issue 23). The screen stays where the reader is: ScrollRestoration would otherwise jump to the top, past the
 * list's own pager.
 */
export function useAddressEditor(): AddressEdit {
  const [, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return (change, { replace = true } = {}) =>
    setSearchParams(
      (current) => {
        const latest = dataRouter?.router.state.location;
        const next = new URLSearchParams(latest && latest.pathname === pathname ? latest.search : current);
        change(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );
}
