import { useState } from 'react';

export interface UseSubmitOptions<O, I = unknown> {
  /** The answer, and the data that was sent (what a confirmation shows). */
  onSuccess?: (answer: O, input: I) => void;
  onError?: (error: Error) => void;
}

/**
 * Sends one form's data and tells whether the answer is awaited: the public pages' light stand-in for TanStack
 * Query's useMutation (see use-resource.ts), with the same rule of no retry (SPEC §9).
 */
export function useSubmit<I, O>(send: (input: I) => Promise<O>, { onSuccess, onError }: UseSubmitOptions<O, I> = {}) {
  const [isPending, setPending] = useState(false);
  const mutate = (input: I) => {
    setPending(true);
    send(input).then(
      (answer) => {
        setPending(false);
        onSuccess?.(answer, input);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  return { mutate, isPending };
}
