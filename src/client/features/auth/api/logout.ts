import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUserQueryOptions } from './get-user';

export const logout = (): Promise<{ message: string }> => api.post<{ message: string }>('/api/logout');

export interface UseLogoutOptions {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Signs out and clears every cached answer (SPEC §4); the current user becomes null without a new request. */
export function useLogout({ onSuccess, onError }: UseLogoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(getUserQueryOptions().queryKey, null);
      onSuccess?.();
    },
    onError,
  });
}
