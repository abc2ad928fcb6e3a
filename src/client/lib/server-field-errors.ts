import { ApiError } from '@/lib/api-client';

/**
 * Sets one field's message. react-hook-form's `setError` has this shape, and so has the public pages' light form
 * state (`useSignUpForm`), which keeps react-hook-form out of their download.
 */
export type SetFieldError<F extends string> = (
  field: F,
  error: { message: string },
  options: { shouldFocus: boolean },
) => void;

export interface ServerFieldErrorsOptions<F extends string> {
  /** Only these fields (the form's own); by default every field the server names. */
  fields?: readonly F[];
  /** Focus the first field with a message. */
  focus?: boolean;
}

/** Puts the server's per-field messages (a 400's `errors`) under the fields of the form that has them. */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  setError: SetFieldError<F>,
  { fields, focus = false }: ServerFieldErrorsOptions<F> = {},
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    if (!fields || fields.includes(field as F)) setError(field as F, { message }, { shouldFocus: focus });
  }
}

/**
 * A form's submit handler that hands the values on and, when the server refuses them, shows its per-field
 * messages under the fields: `handleSubmit(submitShowingFieldErrors(onSubmit, setError, options))`.
 */
export function submitShowingFieldErrors<V, F extends string>(
  onSubmit: (values: V) => Promise<unknown>,
  setError: SetFieldError<F>,
  options?: ServerFieldErrorsOptions<F>,
): (values: V) => Promise<void> {
  return async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showServerFieldErrors(error, setError, options);
    }
  };
}
