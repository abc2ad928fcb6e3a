import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { api, ApiError } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

/** The signed-in user, or null when the server answers 401 (SPEC §4: no user, not an error). */
export async function getUser(): Promise<SessionUser | null> {
  try {
    return (await api.get<SessionUser | null>('/api/user')) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const getUserQueryOptions = () => queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getUser });

export const useUser = () => useQuery(getUserQueryOptions());
