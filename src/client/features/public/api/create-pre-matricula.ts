import { useMutation } from '@tanstack/react-query';
import type { CreditDeclaration, PreMatriculaData } from '@shared/schemas/public';
import { api } from '@/lib/api-client';

/** SPEC §7 sends nome as a copy of nomeAluno; the server sets it that way whatever arrives. */
export const createPreMatricula = (input: PreMatriculaData): Promise<CreditDeclaration> =>
  api.post<CreditDeclaration>('/api/pre-matriculas', { ...input, nome: input.nomeAluno });

export interface UseCreatePreMatriculaOptions {
  onSuccess?: (declaration: CreditDeclaration) => void;
  onError?: (error: Error) => void;
}

export const useCreatePreMatricula = ({ onSuccess, onError }: UseCreatePreMatriculaOptions = {}) =>
  useMutation({ mutationFn: createPreMatricula, onSuccess, onError });
