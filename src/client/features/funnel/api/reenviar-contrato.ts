import type { ContratoMensagem } from '@shared/schemas/contrato-aceite';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { getMatriculaContratoQueryOptions } from './get-matricula-contrato';

/**
 * A new link to the matrícula's contract, e-mailed to the responsável (issue 42, ADR 066): the old link stops
 * working. The contract's timeline is read again.
 */
export const reenviarContrato = (matriculaId: string) =>
  api.post<ContratoMensagem>(`/api/matriculas/${encodeURIComponent(matriculaId)}/contrato/reenviar`);

export const useReenviarContrato = (matriculaId: string, config: MutationConfig<typeof reenviarContrato> = {}) =>
  useApiMutation(
    reenviarContrato,
    { invalidates: { keys: [getMatriculaContratoQueryOptions(matriculaId).queryKey] } },
    config,
  );

/** The staff's copy of the accepted contract's PDF: a plain link, downloaded as any file. */
export const matriculaContratoPdfUrl = (matriculaId: string) =>
  `/api/matriculas/${encodeURIComponent(matriculaId)}/contrato.pdf`;
