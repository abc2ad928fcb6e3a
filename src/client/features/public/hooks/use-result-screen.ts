import { type RefObject, useEffect } from 'react';
import { prefersReducedMotion } from '../components/celebrate';

/**
 * How long a new result screen ignores taps. No one reads a screen and taps on it this fast; a double tap on the
 * form's button is this fast, and its second tap would otherwise land on what now sits under the finger.
 */
export const STRAY_TAP_MS = 600;

/**
 * A result screen that replaces a public form (the sign-up's confirmation, the activation's declaration or its
 * 'received'): the page goes back to the top, the heading takes the focus (a screen reader announces the result),
 * and the second tap of a double tap in the first {@link STRAY_TAP_MS} is dropped. The form's button locks itself against a
 * double tap (useClickLock), but when the answer comes back between the two taps the button is gone: on a phone
 * the second tap fell on the footer's 'Aviso de Privacidade' and left the page with the declaration unread.
 * A single tap and a keyboard's click are never dropped.
 */
export function useResultScreen(headingRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
    // A double tap's press selects the word under it; the form it was on is gone, and the selection would paint
    // the new screen as selected.
    window.getSelection()?.removeAllRanges();

    const shownAt = performance.now();
    const dropStrayTap = (event: MouseEvent) => {
      // The second tap of a double tap counts 2 (the browser's click count); a single tap, or a keyboard's click
      // (0), is the user's own, however soon it comes.
      if (event.detail < 2 || performance.now() - shownAt >= STRAY_TAP_MS) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', dropStrayTap, true);
    const timer = setTimeout(() => document.removeEventListener('click', dropStrayTap, true), STRAY_TAP_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', dropStrayTap, true);
    };
    // Once, when the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
