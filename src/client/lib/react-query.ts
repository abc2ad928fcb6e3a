import {
  partialMatchKey,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { DASHBOARD_METRICS_QUERY_KEY } from './query-keys';

/** The same input's key, or a fresh one when it cannot be written as JSON (never locked then). */
function inputKey(input: unknown): string {
  try {
    return JSON.stringify(input) ?? 'undefined';
  } catch {
    return `#${Math.random()}`;
  }
}

/** An operation's fetcher in `features/<domain>/api`: one argument (or none) in, the server's answer out. */
type ApiFn = (...args: never[]) => Promise<unknown>;

export type MutationInput<Fn extends ApiFn> = Parameters<Fn> extends [] ? void : Parameters<Fn>[0];
export type MutationData<Fn extends ApiFn> = Awaited<ReturnType<Fn>>;

/**
 * What a screen adds to an operation's mutation hook (its toasts, closing its dialog), typed by the fetcher:
 * `useCreateCliente(config: MutationConfig<typeof createCliente> = {})`.
 */
export type MutationConfig<Fn extends ApiFn> = Omit<
  UseMutationOptions<MutationData<Fn>, Error, MutationInput<Fn>>,
  'mutationFn'
>;

/** Which cached answers a change makes stale. */
export type Invalidation =
  | {
      /** Query-key prefixes: the constant each feature's `get...QueryOptions()` builds its keys on. */
      keys: readonly QueryKey[];
      /** The change moves the dashboard's counts (DESIGN §5: after a save, that list and the metrics). */
      metrics?: boolean;
    }
  | {
      /** Everything cached but these prefixes: a change that reaches rows of other lists too. */
      allExcept: readonly QueryKey[];
    };

export function invalidate(queryClient: QueryClient, invalidation: Invalidation): Promise<unknown> {
  if ('allExcept' in invalidation) {
    const { allExcept } = invalidation;
    return queryClient.invalidateQueries({
      predicate: (query) => !allExcept.some((key) => partialMatchKey(query.queryKey, key)),
    });
  }
  const keys = invalidation.metrics ? [...invalidation.keys, DASHBOARD_METRICS_QUERY_KEY] : invalidation.keys;
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface MutationEffects<Input = never> {
  /** Read again once the change succeeded, before the caller's onSuccess (its toast meets the new rows). */
  invalidates?: Invalidation;
  /** Read again after a failure too, before the caller's onError (a 409: someone changed the row first). */
  invalidatesOnError?: Invalidation;
  /**
   * Shows the change before the server answers: edits the cached answers and returns how to undo the edit,
   * which runs when the server refuses (before the caller's onError shows why).
   */
  optimistic?: (queryClient: QueryClient, input: Input) => Promise<() => void> | (() => void);
}

/**
 * The one shape of a mutation hook: the operation's fetcher, what it makes stale, then the screen's config.
 * A mutation's promise (`mutateAsync`) settles only after the invalidated lists have been read again.
 */
export function useApiMutation<Fn extends ApiFn>(
  mutationFn: Fn,
  { invalidates, invalidatesOnError, optimistic }: MutationEffects<MutationInput<Fn>>,
  { onSuccess, onError, onMutate, ...config }: MutationConfig<Fn> = {},
) {
  const queryClient = useQueryClient();
  const inFlight = useRef(new Map<string, Promise<MutationData<Fn>>>());
  const mutation = useMutation<MutationData<Fn>, Error, MutationInput<Fn>>({
    ...config,
    mutationFn: mutationFn as unknown as (input: MutationInput<Fn>) => Promise<MutationData<Fn>>,
    onMutate: async (input, context) => {
      const undo = optimistic ? await optimistic(queryClient, input) : undefined;
      const own: unknown = await onMutate?.(input, context);
      return undo ?? own;
    },
    onSuccess: async (...args) => {
      if (invalidates) await invalidate(queryClient, invalidates);
      return onSuccess?.(...args);
    },
    onError: async (...args) => {
      const undo = args[2];
      if (optimistic && typeof undo === 'function') (undo as () => void)();
      if (invalidatesOnError) await invalidate(queryClient, invalidatesOnError);
      return onError?.(...args);
    },
  });

  // One click, one request (issue 23, defect 7), for every mutation button: the same input sent again while its
  // first request is on its way (a double click, a second tap before the button is disabled) joins the request
  // already sent instead of sending another. Different inputs (two rows) still go at once.
  type Options = Parameters<typeof mutation.mutateAsync>[1];
  const mutateAsync = (input: MutationInput<Fn>, options?: Options): Promise<MutationData<Fn>> => {
    const key = inputKey(input);
    const running = inFlight.current.get(key);
    if (running) return running;
    const request = mutation.mutateAsync(input, options).finally(() => inFlight.current.delete(key));
    inFlight.current.set(key, request);
    return request;
  };
  const mutate = (input: MutationInput<Fn>, options?: Options) => {
    mutateAsync(input, options).catch(() => undefined);
  };
  return { ...mutation, mutate, mutateAsync };
}
