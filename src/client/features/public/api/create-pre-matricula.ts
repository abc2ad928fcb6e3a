import type { ActivationReceived, CreditDeclaration, PreMatriculaData } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { useSubmit, type UseSubmitOptions } from '@/hooks/use-submit';

/** A first activation's declaration, or a repeat's 'received' (ADR 030), which carries no data. */
export type ActivationAnswer = CreditDeclaration | ActivationReceived;

/** SPEC §7 sends nome as a copy of nomeAluno; the server sets it that way whatever arrives. */
export const createPreMatricula = (input: PreMatriculaData): Promise<ActivationAnswer> =>
  api.post<ActivationAnswer>('/api/pre-matriculas', { ...input, nome: input.nomeAluno });

export const useCreatePreMatricula = (options?: UseSubmitOptions<ActivationAnswer, PreMatriculaData>) =>
  useSubmit(createPreMatricula, options);
