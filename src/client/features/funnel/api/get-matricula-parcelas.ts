import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelaItem } from '@shared/schemas/parcela';
import { api } from '@/lib/api-client';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** A matrícula's parcelas at the payment gateway (issue 43, ADR 071), in order. */
export const getMatriculaParcelas = (id: string) =>
  api.get<ParcelaItem[]>(`/api/matriculas/${encodeURIComponent(id)}/parcelas`);

export const getMatriculaParcelasQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...FUNNEL_QUERY_KEY, 'parcelas', id], queryFn: () => getMatriculaParcelas(id) });

export const useMatriculaParcelas = (id: string) => useQuery(getMatriculaParcelasQueryOptions(id));
