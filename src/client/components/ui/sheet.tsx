import { type ComponentProps, useRef } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useEscapePastToasts } from './escape-past-toasts';

/**
 * A Radix Dialog along one edge of the screen: from the left, the small-screen sidebar; from the right, a
 * record's panel beside its list (the whole screen on a phone).
 */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const SIDES = {
  left: 'inset-y-0 left-0 w-72 max-w-[85vw]',
  right:
    'inset-y-0 right-0 w-full border-l border-border bg-background text-foreground sm:max-w-xl motion-safe:data-[state=open]:animate-slide-in-right',
} as const;

export interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: keyof typeof SIDES;
  /** The corner button's name for assistive technology. */
  closeLabel?: string;
}

export function SheetContent({
  className,
  children,
  side = 'left',
  closeLabel = 'Fechar menu',
  ...props
}: SheetContentProps) {
  const content = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEscapePastToasts(content, closeButton);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn('fixed z-50 flex flex-col shadow-xl focus:outline-none', SIDES[side], className)}
        {...props}
        ref={content}
      >
        {children}
        <DialogPrimitive.Close
          ref={closeButton}
          className={cn(
            'absolute right-3 top-3 rounded-sm p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            side === 'left' ? 'text-sidebar-foreground' : 'text-foreground',
          )}
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
