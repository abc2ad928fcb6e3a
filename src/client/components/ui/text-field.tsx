import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
import { cn } from '@/lib/utils';

export interface TextFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  hint?: string;
}

/** A labelled input with its error under it; spread react-hook-form's register() into it. */
export function TextField({ id, label, error, hint, className, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
