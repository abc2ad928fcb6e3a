import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContratoView } from '@shared/schemas/contrato';
import { ApiError, api } from '@/lib/api-client';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** A matrícula's contract as Efetivar froze it (issue 42); null for a matrícula without one (404). */
export const getMatriculaContrato = async (id: string): Promise<ContratoView | null> => {
  try {
    return await api.get<ContratoView>(`/api/matriculas/${encodeURIComponent(id)}/contrato`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const getMatriculaContratoQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...FUNNEL_QUERY_KEY, 'contrato', id], queryFn: () => getMatriculaContrato(id) });

export const useMatriculaContrato = (id: string, enabled: boolean) =>
  useQuery({ ...getMatriculaContratoQueryOptions(id), enabled });
