import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

type FormValues = Record<string, string | boolean>;

/** One message per field: the first rule it breaks. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type CheckResult<TInput, TOutput> = { ok: true; values: TOutput } | { ok: false; errors: FieldErrors<TInput> };

/** The form's rules: the shared zod schema, loaded on demand (lazy-rules.ts). */
export type Check<TInput, TOutput> = (values: TInput) => Promise<CheckResult<TInput, TOutput>>;

type StringField<T> = { [K in keyof T & string]: T[K] extends string ? K : never }[keyof T & string];
type BooleanField<T> = { [K in keyof T & string]: T[K] extends boolean ? K : never }[keyof T & string];

/**
 * The state of a public sign-up form: what react-hook-form does for the staff screens' forms, cut to what these
 * two forms use, so the public pages stay within their download budget (react-hook-form is about 12 KB
 * gzipped). The behaviour is the same: the rules run on submit, and once the form has been sent, again on every
 * change of a field (updating that field's message); the first field with a message takes the focus.
 */
export function useSignUpForm<TInput extends FormValues, TOutput>({
  defaultValues,
  check,
}: {
  defaultValues: TInput;
  check: Check<TInput, TOutput>;
}) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<TInput>>({});
  const [submitted, setSubmitted] = useState(false);
  const elements = useRef(new Map<string, HTMLInputElement>());

  const change = (name: keyof TInput & string, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!submitted) return;
    void check(next).then((result) =>
      setErrors((current) => ({ ...current, [name]: result.ok ? undefined : result.errors[name] })),
    );
  };

  const ref = (name: string) => (element: HTMLInputElement | null) => {
    if (element) elements.current.set(name, element);
    else elements.current.delete(name);
  };

  return {
    values,
    errors,
    /** Props of a text input. */
    field: (name: StringField<TInput>) => ({
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
      ref: ref(name),
    }),
    /** Props of a checkbox. */
    checkbox: (name: BooleanField<TInput>) => ({
      name,
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.checked),
      ref: ref(name),
    }),
    /** A value set by the page rather than typed (the chosen event); no check runs. */
    setValue: (name: keyof TInput & string, value: string | boolean) =>
      setValues((current) => ({ ...current, [name]: value })),
    /** react-hook-form's shape, so lib/server-field-errors.ts serves both. */
    setError: (name: keyof TInput & string, { message }: { message: string }) =>
      setErrors((current) => ({ ...current, [name]: message })),
    clearErrors: (name?: keyof TInput & string) =>
      setErrors((current) => (name === undefined ? {} : { ...current, [name]: undefined })),
    reset: () => {
      setValues(defaultValues);
      setErrors({});
      setSubmitted(false);
    },
    handleSubmit: (onValid: (values: TOutput) => void) => async (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const result = await check(values);
      if (result.ok) {
        setErrors({});
        onValid(result.values);
        return;
      }
      setErrors(result.errors);
      const first = Object.keys(defaultValues).find((name) => result.errors[name] && elements.current.has(name));
      if (first) elements.current.get(first)?.focus();
    },
  };
}
