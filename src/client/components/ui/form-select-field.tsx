import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { SelectField, type SelectFieldProps } from '@/components/ui/select-field';

export type FormSelectFieldProps<F extends FieldValues, T extends string, Out = F> = Omit<
  SelectFieldProps<T>,
  'value' | 'onChange' | 'onBlur' | 'triggerRef' | 'error'
> & {
  /** The form's control, whatever its resolver turns the values into. */
  control: Control<F, unknown, Out>;
  name: Path<F>;
};

/** A `SelectField` wired to a react-hook-form field: its value, its error, and focus on a failed submit. */
export function FormSelectField<F extends FieldValues, T extends string, Out = F>({
  control,
  name,
  ...props
}: FormSelectFieldProps<F, T, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField<T>
          {...props}
          value={field.value as T | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          triggerRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
