import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { cn } from '@/lib/utils';
import { useEscapePastToasts } from './escape-past-toasts';

/** The question a dialog with typed data asks before Esc, a click outside or its X closes it (issue 23). */
export const DISCARD_TEXTS = {
  title: 'Descartar as alterações?',
  description: 'O que você digitou neste formulário será perdido.',
  keep: 'Continuar editando',
  discard: 'Descartar',
} as const;

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

/** Runs `onUnmount` when the dialog's content leaves the page (the dialog closed). */
function OnUnmount({ onUnmount }: { onUnmount: () => void }) {
  useEffect(() => onUnmount, [onUnmount]);
  return null;
}

/**
 * A centred modal; scrolls inside when taller than 90% of the screen. Focus stays inside while open.
 *
 * Typed data is never lost by accident (issue 23): once anything was typed or changed in the dialog (an `input`
 * event inside it, whatever the form), Esc, a click outside and the X ask 'Descartar as alterações?' first, with
 * 'Continuar editando' and 'Descartar', while a field is still there to lose. The form's own Cancelar and a successful save close it at once: those are
 * deliberate. `confirmDiscard={false}` turns the question off for a dialog whose inputs hold nothing to lose.
 */
export function DialogContent({
  className,
  children,
  confirmDiscard = true,
  onEscapeKeyDown,
  onInteractOutside,
  onInputCapture,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { confirmDiscard?: boolean }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  // This wrapper stays mounted while its dialog is closed: the content's unmount starts the next opening afresh.
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reset] = useState(() => () => {
    setDirty(false);
    setAsking(false);
  });
  const contentRef = useRef<HTMLDivElement>(null);
  useEscapePastToasts(contentRef, closeButton);
  // Nothing left to lose once no field remains (a saved answer shown read-only in the same dialog).
  const wouldLose = () =>
    confirmDiscard &&
    dirty &&
    contentRef.current?.querySelector('input:not([type="hidden"]):not([disabled]), textarea:not([disabled])') != null;
  const guard = (event: { preventDefault: () => void; defaultPrevented: boolean }) => {
    if (event.defaultPrevented || !wouldLose()) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <DialogPrimitive.Portal>
      {/* A click on the backdrop asks by itself. Radix's outside press listener is armed by a timer each time the
          question closes, and a renderer short of CPU can take a click before that timer runs: the click was lost,
          and the question never came (the flake of CI's run of 2026-11-30). */}
      <DialogOverlay
        onClick={(event) => {
          if (event.target === event.currentTarget && wouldLose()) setAsking(true);
        }}
      />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 shadow-lg focus:outline-none',
          className,
        )}
        onInputCapture={(event) => {
          onInputCapture?.(event);
          if (!dirty) setDirty(true);
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          guard(event);
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          guard(event);
        }}
        {...props}
        ref={contentRef}
      >
        <OnUnmount onUnmount={reset} />
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          onClick={guard}
          className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Fechar</span>
        </DialogPrimitive.Close>
        {/* Inside the dialog's React tree: a click in the question is not a click outside the dialog. */}
        <AlertDialog open={asking} onOpenChange={setAsking}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{DISCARD_TEXTS.title}</AlertDialogTitle>
              <AlertDialogDescription>{DISCARD_TEXTS.description}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{DISCARD_TEXTS.keep}</AlertDialogCancel>
              <DialogPrimitive.Close asChild>
                <AlertDialogAction destructive>{DISCARD_TEXTS.discard}</AlertDialogAction>
              </DialogPrimitive.Close>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
