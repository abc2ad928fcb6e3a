import { useMediaQuery } from './use-media-query';

/** The visitor asked for less motion (charts then draw without animation). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)') === true;
}
