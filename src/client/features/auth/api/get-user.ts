import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { api, ApiError, NetworkError } from '@/lib/api-client';
import { lastSessionUser, rememberSessionUser } from '@/lib/offline-session';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

/**
 * The signed-in user, or null when the server answers 401 (SPEC §4: no user, not an error). With no network at
 * all, the user last signed in on this device (issue 49: the check-in screen reopened at a door with no signal);
 * the server decides again once the signal is back.
 */
export async function getUser(): Promise<SessionUser | null> {
  try {
    const user = (await api.get<SessionUser | null>('/api/user')) ?? null;
    if (user) void rememberSessionUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    if (error instanceof NetworkError) {
      const remembered = await lastSessionUser();
      if (remembered) return remembered;
    }
    throw error;
  }
}

export const getUserQueryOptions = () => queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getUser });

export const useUser = () => useQuery(getUserQueryOptions());
