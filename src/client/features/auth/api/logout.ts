import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getUserQueryOptions } from './get-user';

export const logout = (): Promise<{ message: string }> => api.post<{ message: string }>('/api/logout');

/** Signs out and clears every cached answer (SPEC §4); the current user becomes null without a new request. */
export function useLogout({ onSuccess, ...config }: MutationConfig<typeof logout> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: logout,
    onSuccess: (...args) => {
      queryClient.clear();
      queryClient.setQueryData(getUserQueryOptions().queryKey, null);
      return onSuccess?.(...args);
    },
  });
}
