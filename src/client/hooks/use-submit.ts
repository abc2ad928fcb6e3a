import { useRef, useState } from 'react';

export interface UseSubmitOptions<O, I = unknown> {
  /** The answer, and the data that was sent (what a confirmation shows). */
  onSuccess?: (answer: O, input: I) => void;
  onError?: (error: Error) => void;
}

/**
 * Sends one form's data and tells whether the answer is awaited: the public pages' light stand-in for TanStack
 * Query's useMutation (see use-resource.ts), with the same rule of no retry (SPEC §9).
 *
 * One click, one request (issue 23, defect 7): a double tap submits the form twice before React draws the button
 * disabled, and on the activation the second request answered 'Solicitação recebida' in place of the family's
 * declaration. While a request is on its way, a second `mutate` is ignored; the flag is a ref, set at once.
 */
export function useSubmit<I, O>(send: (input: I) => Promise<O>, { onSuccess, onError }: UseSubmitOptions<O, I> = {}) {
  const [isPending, setPending] = useState(false);
  const inFlight = useRef(false);
  const mutate = (input: I) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    send(input).then(
      (answer) => {
        inFlight.current = false;
        setPending(false);
        onSuccess?.(answer, input);
      },
      (error: unknown) => {
        inFlight.current = false;
        setPending(false);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  return { mutate, isPending };
}
