import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

export const resetPassword = (input: ResetPasswordInput): Promise<{ message: string }> =>
  api.post<{ message: string }>('/api/auth/reset-password', input);

export interface UseResetPasswordOptions {
  onSuccess?: (answer: { message: string }) => void;
  onError?: (error: Error) => void;
}

export const useResetPassword = ({ onSuccess, onError }: UseResetPasswordOptions = {}) =>
  useMutation({ mutationFn: resetPassword, onSuccess, onError });
