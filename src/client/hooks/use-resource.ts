import { useEffect, useSyncExternalStore } from 'react';

/**
 * A read from the API with a small cache, for the public pages. They are opened on phones and must stay light,
 * so they do without TanStack Query (about 13 KB gzipped) and use this instead, with the same rules (SPEC §9):
 * no retry, no refetch on focus, a fresh read once `staleMs` has passed or after a failure.
 */
export interface Resource<A extends string, T> {
  load: (arg: A) => Promise<T>;
  staleMs: number;
  entries: Map<A, ResourceState<T> & { readAt: number }>;
  loading: Set<A>;
  listeners: Set<() => void>;
}

export interface ResourceState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  /** Why the last read failed (an ApiError with the server's message), once isError. */
  error?: unknown;
}

export interface ResourceResult<T> extends ResourceState<T> {
  /** Reads again now (the 'Tentar novamente' buttons). */
  refetch: () => void;
}

const PENDING: ResourceState<never> = { data: undefined, isPending: true, isError: false };

export function createResource<A extends string, T>(load: (arg: A) => Promise<T>, staleMs: number): Resource<A, T> {
  return { load, staleMs, entries: new Map(), loading: new Set(), listeners: new Set() };
}

function read<A extends string, T>(resource: Resource<A, T>, arg: A): void {
  if (resource.loading.has(arg)) return;
  resource.loading.add(arg);
  const settle = (state: ResourceState<T>) => {
    resource.loading.delete(arg);
    resource.entries.set(arg, { ...state, readAt: Date.now() });
    for (const listener of resource.listeners) listener();
  };
  const previous = resource.entries.get(arg);
  if (previous && !previous.isPending) {
    // A read again shows the loading state, as a first read does.
    resource.entries.set(arg, { ...PENDING, readAt: 0 });
    for (const listener of resource.listeners) listener();
  }
  resource.load(arg).then(
    (data) => settle({ data, isPending: false, isError: false }),
    (error: unknown) => settle({ data: undefined, isPending: false, isError: true, error }),
  );
}

/** The resource for `arg`, read when first needed and again once stale; `null` reads nothing. */
export function useResource<A extends string, T>(resource: Resource<A, T>, arg: A | null): ResourceResult<T> {
  const state = useSyncExternalStore(
    (listener) => {
      resource.listeners.add(listener);
      return () => resource.listeners.delete(listener);
    },
    () => (arg === null ? PENDING : (resource.entries.get(arg) ?? PENDING)),
  );

  useEffect(() => {
    if (arg === null) return;
    const entry = resource.entries.get(arg);
    if (!entry || entry.isError || (!entry.isPending && Date.now() - entry.readAt > resource.staleMs)) {
      read(resource, arg);
    }
  }, [resource, arg]);

  return {
    data: state.data,
    isPending: state.isPending,
    isError: state.isError,
    error: state.error,
    refetch: () => {
      if (arg !== null) read(resource, arg);
    },
  };
}
