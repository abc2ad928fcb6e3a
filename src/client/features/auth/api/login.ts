import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { getUserQueryOptions } from './get-user';

export const login = (input: LoginInput): Promise<SessionUser> => api.post<SessionUser>('/api/login', input);

export interface UseLoginOptions {
  onSuccess?: (user: SessionUser) => void;
  onError?: (error: Error) => void;
}

/**
 * Signs in and stores the user as current. Answers cached for an earlier session are dropped first; the user
 * query itself is kept (and overwritten) so the screens watching it see the new user at once.
 */
export function useLogin({ onSuccess, onError }: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      const userKey = getUserQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
      queryClient.setQueryData(userKey, user);
      onSuccess?.(user);
    },
    onError,
  });
}
