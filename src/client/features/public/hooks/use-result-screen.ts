import { type RefObject, useEffect } from 'react';
import { prefersReducedMotion } from '../components/celebrate';

/**
 * A result screen that replaces a public form (the sign-up's confirmation, the activation's declaration or its
 * 'received'): the page goes back to the top, the heading takes the focus (a screen reader announces the result),
 * and the rest of a double tap begun on the form is dropped. The form's button locks itself against a double tap
 * (useClickLock), but when the answer comes back between the two taps the button is gone: on a phone the second tap
 * fell on the footer's 'Aviso de Privacidade' and left the page with the declaration unread.
 *
 * What is dropped is told by the browser's click count, not by a clock: a click counting 2 or more before any click
 * of this screen's own is the rest of a tap sequence that began on the form. It was a time window of 600 ms from the
 * screen's first paint, and a phone busy drawing the screen (or CI's machine) could deliver that tap later.
 * A single tap, a keyboard's click and a double tap begun on this screen are never dropped.
 */
export function useResultScreen(headingRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
    // A double tap's press selects the word under it; the form it was on is gone, and the selection would paint
    // the new screen as selected.
    window.getSelection()?.removeAllRanges();

    const release = () => {
      document.removeEventListener('mousedown', dropStrayTap, true);
      document.removeEventListener('click', dropStrayTap, true);
    };
    // The press too: a late second press selected the word under it (the heading's 'DECLARAÇÃO', painted selected).
    const dropStrayTap = (event: MouseEvent) => {
      // A single tap counts 1 and a keyboard's click 0: the user's own on this screen, and from then on every click
      // is theirs (a double tap they begin here counts 1 first).
      if (event.detail < 2) {
        if (event.type === 'click') release();
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('mousedown', dropStrayTap, true);
    document.addEventListener('click', dropStrayTap, true);
    return release;
    // Once, when the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
