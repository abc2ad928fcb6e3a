import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  id: string;
  label: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  /** A line under the field that describes it (a character counter). */
  hint?: ReactNode;
}

/** A labelled multi-line input with its error under it; spread react-hook-form's register() into it. */
export function TextareaField({ id, label, error, hint, className, ...props }: TextareaFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
