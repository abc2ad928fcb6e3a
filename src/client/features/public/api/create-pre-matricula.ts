import type { CreditDeclaration, PreMatriculaData } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { useSubmit, type UseSubmitOptions } from '@/hooks/use-submit';

/** SPEC §7 sends nome as a copy of nomeAluno; the server sets it that way whatever arrives. */
export const createPreMatricula = (input: PreMatriculaData): Promise<CreditDeclaration> =>
  api.post<CreditDeclaration>('/api/pre-matriculas', { ...input, nome: input.nomeAluno });

export const useCreatePreMatricula = (options?: UseSubmitOptions<CreditDeclaration>) =>
  useSubmit(createPreMatricula, options);
