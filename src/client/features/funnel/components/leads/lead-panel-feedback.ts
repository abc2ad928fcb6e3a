import { formatCount } from '@shared/format';
import type { Option } from '@shared/enums';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type SetFieldError, showServerFieldErrors } from '@/lib/server-field-errors';

/** The labels of an enumeration as a select's options, in the enumeration's order. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>): Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/**
 * A refused action: the server's per-field messages under the form's fields, and its sentence in a toast (a
 * 403 or 404 names no field). The optimistic change has been undone by then.
 */
export function showActionFailure<F extends string>(
  title: string,
  error: unknown,
  setError: SetFieldError<F>,
  fields: readonly F[],
): void {
  showServerFieldErrors(error, setError, { fields, focus: true });
  toast({ variant: 'destructive', title, description: errorMessage(error, 'Tente novamente em instantes.') });
}

/** '12 de 2.000 caracteres' under a text area with a limit. */
export function characterCount(length: number, max: number): string {
  return `${formatCount(length)} de ${formatCount(max)} caracteres`;
}
