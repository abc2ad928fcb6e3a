import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getUserQueryOptions } from './get-user';

export const login = (input: LoginInput): Promise<SessionUser> => api.post<SessionUser>('/api/login', input);

/**
 * Signs in and stores the user as current. Answers cached for an earlier session are dropped first; the user
 * query itself is kept (and overwritten) so the screens watching it see the new user at once.
 */
export function useLogin({ onSuccess, ...config }: MutationConfig<typeof login> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: login,
    onSuccess: (user, ...rest) => {
      const userKey = getUserQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
      queryClient.setQueryData(userKey, user);
      return onSuccess?.(user, ...rest);
    },
  });
}
