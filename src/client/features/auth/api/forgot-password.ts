import type { ForgotPasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Always answers the same message whether or not the e-mail exists. */
export const forgotPassword = (input: ForgotPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/forgot-password', input);

export const useForgotPassword = (config: MutationConfig<typeof forgotPassword> = {}) =>
  useApiMutation(forgotPassword, {}, config);
