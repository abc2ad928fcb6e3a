import { useEffect, useRef } from 'react';

/**
 * Locks a mutation button on its first click (issue 23): a double click sends one request. `disabled` only takes
 * effect once React has drawn again, and a double click's second click arrives before that; this lock is set
 * synchronously. It opens again when `pending` ends, or after `graceMs` if the click started nothing (a form that
 * failed its validation never becomes pending).
 */
export function useClickLock(pending: boolean, graceMs = 400) {
  const locked = useRef(false);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (pending) {
      started.current = true;
      clearTimeout(timer.current);
    } else if (started.current) {
      started.current = false;
      locked.current = false;
    }
  }, [pending]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** true when this click may act; false for a click while locked (the caller then ignores it). */
  return (): boolean => {
    if (locked.current || pending) return false;
    locked.current = true;
    timer.current = setTimeout(() => {
      if (!started.current) locked.current = false;
    }, graceMs);
    return true;
  };
}
