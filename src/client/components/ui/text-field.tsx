import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';

export interface TextFieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  hint?: string;
}

/** A labelled input with its error under it; spread react-hook-form's register() into it. */
export function TextField({ id, label, error, hint, className, ...inputProps }: TextFieldProps) {
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
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
    </FieldShell>
  );
}
