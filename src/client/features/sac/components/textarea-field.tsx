import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled multi-line input with its error under it, styled as the project's Input. */
export function TextareaField({ id, label, error, className, rows = 4, ...props }: TextareaFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-24"
        {...props}
      />
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
