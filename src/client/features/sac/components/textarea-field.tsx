import type { ComponentProps } from 'react';
import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
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
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="flex min-h-24 w-full min-w-0 resize-y rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive sm:text-sm"
        {...props}
      />
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
