import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';
import { Textarea } from '@/components/ui/textarea';

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
  const { hintId, errorId, describedBy } = fieldMessageIds(id, hint, error);
  return (
    <FieldShell
      className={className}
      label={<Label htmlFor={id}>{label}</Label>}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
    >
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
    </FieldShell>
  );
}
