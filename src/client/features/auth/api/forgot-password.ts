import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/** Always answers the same message whether or not the e-mail exists. */
export const forgotPassword = (input: ForgotPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/forgot-password', input);

export interface UseForgotPasswordOptions {
  onSuccess?: (answer: { message: string }) => void;
  onError?: (error: Error) => void;
}

export const useForgotPassword = ({ onSuccess, onError }: UseForgotPasswordOptions = {}) =>
  useMutation({ mutationFn: forgotPassword, onSuccess, onError });
