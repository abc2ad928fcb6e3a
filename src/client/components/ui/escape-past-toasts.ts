import { type RefObject, useEffect } from 'react';

/**
 * A dialog's (or sheet's) own Esc while a toast is showing (issue 39, item 19). Radix makes each toast a dismissable
 * layer above the dialog it appeared over, so the topmost layer, the toast, took the first Esc and the dialog
 * stayed: 'after saving, the first Esc does nothing'. When the dialog is the topmost layer, or a layer inside it (a
 * select, the discard question) takes the key, Radix marks the key handled (defaultPrevented) in the capture phase;
 * a toast closes without marking it. So an Esc that comes back up to the window unhandled, while a toast showed,
 * closes the topmost open dialog through its own close button (with whatever that button asks first).
 */
export function useEscapePastToasts(
  content: RefObject<HTMLElement | null>,
  closeButton: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    // Whether a toast showed when the key went down: it is gone by the time the key comes back up.
    let toastShown = false;
    const before = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toastShown = Boolean(document.querySelector('.toast-root'));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !toastShown) return;
      const dialogs = document.querySelectorAll(
        '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
      );
      const topmost = dialogs[dialogs.length - 1];
      if (!content.current || topmost !== content.current) return;
      event.preventDefault();
      closeButton.current?.click();
    };
    // The window's capture phase comes before Radix's listeners (the document's); its bubble phase after them.
    window.addEventListener('keydown', before, { capture: true });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', before, { capture: true });
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [content, closeButton]);
}
