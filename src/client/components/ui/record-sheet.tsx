import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

export interface RecordField {
  label: string;
  value: ReactNode;
}

/**
 * A record opened from its row (issue 23): its fields as a definition list in a panel from the right (the whole
 * screen on a phone), and the links to the records it belongs with. Esc, the corner button 'Fechar' or a click
 * outside closes it.
 */
export function RecordSheet({
  open,
  onClose,
  title,
  description,
  fields,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  fields: RecordField[];
  /** The record's actions and links, under its fields. */
  children?: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent side="right" closeLabel="Fechar" className="overflow-y-auto p-6">
        <SheetTitle className="pr-8 text-lg font-semibold">{title}</SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground">{description}</SheetDescription>
        <dl className="mt-6 grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {fields.map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words max-sm:mb-1">{value}</dd>
            </div>
          ))}
        </dl>
        {children ? <div className="mt-6 flex flex-wrap gap-2">{children}</div> : null}
      </SheetContent>
    </Sheet>
  );
}

/**
 * The row's way into its record: its name as a button on the first column (a card's title on phones), reached by
 * Tab and opened with Enter or Space. Screen readers hear what it opens.
 */
export function RecordButton({ label, opens, onOpen }: { label: string; opens: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span>{label}</span> <span className="sr-only">(abrir {opens})</span>
    </button>
  );
}
