import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgrupamentoInadimplencia, InadimplenciaResposta } from '@shared/schemas/inadimplencia';
import { apiRequest } from '@/lib/api-client';
import type { RelatorioFilter } from './relatorios-keys';

/** Inadimplência (issue 43, ADR 077): the report's period, filters, grouping and page. */
export interface InadimplenciaParams extends RelatorioFilter {
  agrupar?: AgrupamentoInadimplencia;
  page: number;
  pageSize: number;
}

export interface InadimplenciaPage {
  resposta: InadimplenciaResposta;
  /** X-Total-Count: the number of groups. */
  total: number;
}

export const getInadimplencia = async (params: InadimplenciaParams): Promise<InadimplenciaPage> => {
  const { data, headers } = await apiRequest<InadimplenciaResposta>('GET', '/api/relatorios/inadimplencia', {
    params: { ...params },
  });
  const header = Number(headers.get('X-Total-Count'));
  return {
    resposta: data,
    total: headers.has('X-Total-Count') && Number.isFinite(header) ? header : data.grupos.length,
  };
};

/**
 * Under the parcelas' key (features/cobranca's PARCELAS_QUERY_KEY, ['parcelas']): a payment that refreshes the
 * Parcelas list (the simulated one invalidates that key) refreshes the rate too.
 */
export const INADIMPLENCIA_QUERY_KEY = ['parcelas', 'inadimplencia'] as const;

export const useInadimplencia = (params: InadimplenciaParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...queryOptions({
      queryKey: [...INADIMPLENCIA_QUERY_KEY, params],
      queryFn: () => getInadimplencia(params),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
