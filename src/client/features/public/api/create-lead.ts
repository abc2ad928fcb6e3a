import { useMutation } from '@tanstack/react-query';
import type { LeadAnswer, LeadData } from '@shared/schemas/public';
import { api } from '@/lib/api-client';

/** A repeat of the same sign-up answers the same lead (DESIGN §4.4), so the visitor always sees success. */
export const createLead = (input: LeadData): Promise<LeadAnswer> => api.post<LeadAnswer>('/api/leads', input);

export interface UseCreateLeadOptions {
  onSuccess?: (answer: LeadAnswer) => void;
  onError?: (error: Error) => void;
}

export const useCreateLead = ({ onSuccess, onError }: UseCreateLeadOptions = {}) =>
  useMutation({ mutationFn: createLead, onSuccess, onError });
