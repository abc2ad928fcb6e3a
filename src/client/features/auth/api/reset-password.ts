import { useQuery } from '@tanstack/react-query';
import type { ResetLinkState, ResetPasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/reset-password', input);

export const useResetPassword = (config: MutationConfig<typeof resetPassword> = {}) =>
  useApiMutation(resetPassword, {}, config);

/** Whether the link still works (issue 23): asked on opening, so a dead link says so before a password is typed. */
export const getResetLinkState = (token: string) =>
  api.get<ResetLinkState>('/api/auth/reset-password/estado', { params: { token } });

export const useResetLinkState = (token: string | null) =>
  useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => getResetLinkState(token!),
    enabled: token !== null,
    gcTime: 0,
  });
