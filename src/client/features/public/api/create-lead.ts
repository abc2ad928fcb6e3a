import type { LeadAnswer, LeadData } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { useSubmit, type UseSubmitOptions } from '@/hooks/use-submit';

/** A repeat of the same sign-up answers the same lead (DESIGN §4.4), so the visitor always sees success. */
export const createLead = (input: LeadData): Promise<LeadAnswer> => api.post<LeadAnswer>('/api/leads', input);

export const useCreateLead = (options?: UseSubmitOptions<LeadAnswer, LeadData>) => useSubmit(createLead, options);
