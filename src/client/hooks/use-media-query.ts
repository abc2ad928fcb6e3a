import { useCallback, useSyncExternalStore } from 'react';

const subscribeTo = (query: string) => (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/**
 * Whether a media query matches now, kept up to date as the window changes; null where the browser cannot tell
 * (no `matchMedia`), so a caller can fall back to CSS alone.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback((onChange: () => void) => subscribeTo(query)(onChange), [query]);
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null),
    () => null,
  );
}
