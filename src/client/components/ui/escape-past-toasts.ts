import type { KeyboardEvent, RefObject } from 'react';

/**
 * A dialog's (or sheet's) own Esc while a toast is showing (issue 39, item 19). Radix makes each toast a dismissable
 * layer above the dialog it appeared over, so the topmost layer, the toast, took the first Esc and the dialog
 * stayed: 'after saving, the first Esc does nothing'. When the dialog is the topmost layer, or a layer inside it (a
 * select, the discard question) takes the key, Radix has already marked the key handled (defaultPrevented) by the
 * time it reaches the dialog's content; a toast closes without marking it. So an Esc that comes up to the content
 * unhandled closes the dialog through its own close button, with whatever that button asks first.
 */
export function escapePastToasts(closeButton: RefObject<HTMLButtonElement | null>) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.defaultPrevented) return;
    if (!document.querySelector('.toast-root')) return;
    event.preventDefault();
    closeButton.current?.click();
  };
}
