import type { ReactNode } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { cn } from '@/lib/utils';

export interface FieldShellProps {
  /** The field's <Label>. */
  label: ReactNode;
  /** The control (an input, a select's trigger, a date or money input). */
  children: ReactNode;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  className?: string;
}

/**
 * The ids a field's hint and error take, and what its control's aria-describedby names: the hint, the error, both
 * or neither (every field component asks here, so a field never points at a message that is not there).
 */
export function fieldMessageIds(id: string, hint: unknown, error: unknown) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/**
 * The one layout of every form field (defect 10): three lines -- the label, the control, then its hint and error.
 * Fields side by side in a form's grid share those lines (`[data-field]` in styles.css: each spans three of the
 * grid's rows as a subgrid), so a neighbour's wrapped label or its error never moves this field's control: the
 * labels sit on the bottom of their shared line and the controls line up under them.
 */
export function FieldShell({ label, children, hint, hintId, error, errorId, className }: FieldShellProps) {
  return (
    <div data-field="" className={cn('grid content-start gap-2', className)}>
      <div className="self-end">{label}</div>
      <div className="min-w-0">{children}</div>
      {hint || error ? (
        <div className="grid content-start gap-2">
          {hint ? (
            <p id={hintId} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
          <FormMessage id={errorId}>{error}</FormMessage>
        </div>
      ) : null}
    </div>
  );
}
