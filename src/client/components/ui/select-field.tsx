import type { Ref } from 'react';
import type { Option } from '@shared/enums';
import { Label } from '@/components/ui/label';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface SelectFieldProps<T extends string> {
  id: string;
  label: string;
  options: readonly Option<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** The validation message, shown under the field and announced with it. */
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Announced as required (and marked so beside the label). */
  required?: boolean;
  className?: string;
  /** react-hook-form's field.ref, so a failed submit can focus the select. */
  triggerRef?: Ref<HTMLButtonElement>;
}

/** A labelled select over a {value, label} list with its error under it, for react-hook-form's Controller. */
export function SelectField<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  error,
  hint,
  disabled,
  required,
  className,
  triggerRef,
}: SelectFieldProps<T>) {
  const { hintId, errorId, describedBy } = fieldMessageIds(id, hint, error);
  return (
    <FieldShell
      className={className}
      label={
        <Label htmlFor={id}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              {' '}
              *
            </span>
          ) : null}
        </Label>
      }
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
    >
      <Select
        value={value ?? ''}
        onValueChange={(next) => onChange(next as T)}
        onOpenChange={(open) => (open ? undefined : onBlur?.())}
        disabled={disabled}
      >
        <SelectTrigger
          ref={triggerRef}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FieldShell>
  );
}
