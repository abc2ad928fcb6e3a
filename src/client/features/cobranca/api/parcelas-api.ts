import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelaItem, ParcelaStatus } from '@shared/schemas/parcela';
import { api } from '@/lib/api-client';
import type { BaixaBody } from '@shared/schemas/parcela-baixa';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Cobrança (issue 43, ADR 071): the staff's 'Parcelas', the aluno's 'Minhas parcelas', the simulated payment. */

export const PARCELAS_QUERY_KEY = ['parcelas'] as const;

export interface ParcelasParams {
  q?: string;
  status?: ParcelaStatus;
  vencimentoDe?: string;
  vencimentoAte?: string;
  /** The tree filters (Inadimplência's groups open the list narrowed to one, ADR 077). */
  franquiaId?: string;
  microFranquiaId?: string;
  clienteId?: string;
  eventoId?: string;
  page: number;
  pageSize: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
}

/** 'Exportar CSV' (ADR 077): the list's filters, every page; the server streams the file. */
export function parcelasCsvUrl({
  page: _page,
  pageSize: _pageSize,
  apos: _apos,
  antes: _antes,
  ...filters
}: ParcelasParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, String(value));
  const query = search.toString();
  return query ? `/api/parcelas/export.csv?${query}` : '/api/parcelas/export.csv';
}

export const getParcelas = (params: ParcelasParams) =>
  api.list<ParcelaItem>('/api/parcelas', { params: { ...params } });

export const useParcelas = (params: ParcelasParams) =>
  useQuery(
    queryOptions({
      queryKey: [...PARCELAS_QUERY_KEY, 'lista', params],
      queryFn: () => getParcelas(params),
      placeholderData: keepPreviousData,
    }),
  );

export const getMinhasParcelas = () => api.get<ParcelaItem[]>('/api/user/parcelas');

export const useMinhasParcelas = () =>
  useQuery(queryOptions({ queryKey: [...PARCELAS_QUERY_KEY, 'minhas'], queryFn: getMinhasParcelas }));

export const simularPagamento = ({ id }: { id: string }) =>
  api.post<{ message: string; parcela: ParcelaItem }>(`/api/parcelas/${encodeURIComponent(id)}/simular-pagamento`);

export const useSimularPagamento = (config: MutationConfig<typeof simularPagamento> = {}) =>
  useApiMutation(simularPagamento, { invalidates: { keys: [PARCELAS_QUERY_KEY] } }, config);

/** ADR 076: 'Dar baixa' (POST /api/parcelas/:id/baixa), a parcela paid at the school: the parcela as it now is. */
export const darBaixa = ({ id, ...body }: BaixaBody & { id: string }) =>
  api.post<{ message: string; parcela: ParcelaItem }>(`/api/parcelas/${encodeURIComponent(id)}/baixa`, body);

/**
 * The Parcelas list, and `outras` (the matrícula record's parcelas, another feature's: composed by the route),
 * show it paid without a reload.
 */
export const useDarBaixa = (
  outras: readonly (readonly unknown[])[] = [],
  config: MutationConfig<typeof darBaixa> = {},
) =>
  useApiMutation(
    darBaixa,
    // A 409 (paid meanwhile, by the gateway or another staff member): the lists show why.
    {
      invalidates: { keys: [PARCELAS_QUERY_KEY, ...outras] },
      invalidatesOnError: { keys: [PARCELAS_QUERY_KEY, ...outras] },
    },
    config,
  );
