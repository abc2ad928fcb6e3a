import type { Ref } from 'react';
import type { Option } from '@shared/enums';
import { Label } from '@/components/ui/label';
import { FormMessage } from '@/components/ui/form-message';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface SelectFieldProps<T extends string> {
  id: string;
  label: string;
  options: readonly Option<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  /** react-hook-form's field.ref, so a failed submit can focus the select. */
  triggerRef?: Ref<HTMLButtonElement>;
}

/** A labelled select over a {value, label} list, for react-hook-form's Controller. */
export function SelectField<T extends string>({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  error,
  disabled,
  triggerRef,
}: SelectFieldProps<T>) {
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
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
          aria-describedby={error ? errorId : undefined}
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
      <FormMessage id={errorId}>{error}</FormMessage>
    </div>
  );
}
