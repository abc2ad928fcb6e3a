import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** SPEC §9: no automatic retry, no refetch on focus, no polling, data never stale; mutations not retried. */
export const queryConfig = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    staleTime: Infinity,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
