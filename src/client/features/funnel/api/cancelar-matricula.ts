import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancelamentoFeito, CancelamentoPreview } from '@shared/schemas/cancelamento';
import { ApiError, api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/**
 * Issue 42: the fee a cancellation of the matrícula would charge now, or why it cannot be cancelled (the family's
 * 7 days, no acceptance yet, already cancelled); null for a matrícula without a contract (404).
 */
export const getCancelamento = async (id: string): Promise<CancelamentoPreview | null> => {
  try {
    return await api.get<CancelamentoPreview>(`/api/matriculas/${encodeURIComponent(id)}/cancelamento`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const getCancelamentoQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...FUNNEL_QUERY_KEY, 'cancelamento', id], queryFn: () => getCancelamento(id) });

export const useCancelamento = (id: string, enabled: boolean) =>
  useQuery({ ...getCancelamentoQueryOptions(id), enabled });

export interface CancelarMatriculaInput {
  id: string;
  motivo: string;
}

/** 'Cancelar matrícula' (POST /api/matriculas/:id/cancelar): the matrícula as it now is. */
export const cancelarMatricula = ({ id, motivo }: CancelarMatriculaInput) =>
  api.post<CancelamentoFeito>(`/api/matriculas/${encodeURIComponent(id)}/cancelar`, { motivo });

/** The lists, their counts, the contract and the preview all show the new status. */
export const useCancelarMatricula = (config: MutationConfig<typeof cancelarMatricula> = {}) =>
  useApiMutation(cancelarMatricula, { invalidates: { keys: [FUNNEL_QUERY_KEY] } }, config);
