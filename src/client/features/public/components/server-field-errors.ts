import { ApiError } from '@/lib/api-client';

/** Puts the server's per-field messages (400 `errors`) under the fields of the form that has them. */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, message: string) => void,
): void {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [field, message] of Object.entries(error.errors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as F, message);
  }
}
