import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearOfflineData } from '@/lib/offline-db';
import type { MutationConfig } from '@/lib/react-query';
import { getUserQueryOptions } from './get-user';

export const logout = (): Promise<{ message: string }> => api.post<{ message: string }>('/api/logout');

/**
 * Signs out and clears every cached answer (SPEC §4) and what the device kept for working offline (issue 49: the
 * rosters, the queue, the remembered user); the current user becomes null without a new request.
 */
export function useLogout({ onSuccess, ...config }: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: async () => {
      const answer = await logout();
      await clearOfflineData().catch(() => {});
      return answer;
    },
    onSuccess: (...args) => {
      queryClient.clear();
      queryClient.setQueryData(getUserQueryOptions().queryKey, null);
      return onSuccess?.(...args);
    },
  });
}
