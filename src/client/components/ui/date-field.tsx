import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';
import { Label } from '@/components/ui/label';

export interface DateFieldProps<F extends FieldValues, Out = F> {
  control: Control<F, unknown, Out>;
  name: Path<F>;
  id: string;
  label: string;
  hint?: string;
  className?: string;
}

/** A labelled dd/mm/aaaa field (date-input.tsx) wired to a react-hook-form field: ISO in the form, its error under it. */
export function DateField<F extends FieldValues, Out = F>({
  control,
  name,
  id,
  label,
  hint,
  className,
}: DateFieldProps<F, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
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
            <DateInput
              id={id}
              value={(field.value as string | undefined) ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              partial
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
          </FieldShell>
        );
      }}
    />
  );
}
