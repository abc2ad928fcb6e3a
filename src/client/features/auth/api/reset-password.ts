import type { ResetPasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/reset-password', input);

export const useResetPassword = (config: MutationConfig<typeof resetPassword> = {}) =>
  useApiMutation(resetPassword, {}, config);
