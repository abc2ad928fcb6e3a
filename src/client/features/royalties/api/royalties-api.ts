import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type {
  AcordoFranquiaView,
  AcordoInput,
  ContestacaoView,
  ExtratoView,
  ExtratosView,
} from '@shared/schemas/royalties';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089, 092): the agreements, a month's statements of every franquia
 * the caller reads (the franqueador's network, a franquia itself), one statement with a page of its lines, the
 * closing and a line's contest. Every key starts with ROYALTIES_QUERY_KEY: an agreement, a closing or a contest
 * changes what the others show.
 */

export const ROYALTIES_QUERY_KEY = ['royalties'] as const;

export const useAcordos = () =>
  useQuery(
    queryOptions({
      queryKey: [...ROYALTIES_QUERY_KEY, 'acordos'],
      queryFn: () => api.get<AcordoFranquiaView[]>('/api/royalties/acordos'),
    }),
  );

const extratosQueryOptions = (mes: string) =>
  queryOptions({
    queryKey: [...ROYALTIES_QUERY_KEY, 'extratos', mes],
    queryFn: () => api.get<ExtratosView>('/api/royalties/extratos', { params: { mes } }),
  });

/** A month's statements (every franquia the caller reads) and their total. */
export const useExtratos = (mes: string) =>
  useQuery({ ...extratosQueryOptions(mes), placeholderData: keepPreviousData });

/**
 * Several months' statements at once (a franquia's history, 'Meu extrato'): one request per month, each cached under
 * the same key as the month picker's, so going back to a month asks nothing again.
 */
export const useExtratosDosMeses = (meses: readonly string[], enabled = true) =>
  useQueries({ queries: meses.map((mes) => ({ ...extratosQueryOptions(mes), enabled })) });

export interface ExtratoParams {
  franquiaId: string;
  mes: string;
  page: number;
  pageSize: number;
}

/** One franquia's statement of a month with a page of its lines. */
export const useExtrato = (params: ExtratoParams | null) =>
  useQuery(
    queryOptions({
      queryKey: [...ROYALTIES_QUERY_KEY, 'extrato', params],
      queryFn: () =>
        api.get<ExtratoView>(
          `/api/royalties/extratos/${encodeURIComponent(params!.franquiaId)}/${encodeURIComponent(params!.mes)}`,
          { params: { page: params!.page, pageSize: params!.pageSize } },
        ),
      enabled: params !== null,
      placeholderData: keepPreviousData,
    }),
  );

const salvarAcordo = ({ franquiaId, ...body }: AcordoInput & { franquiaId: string }) =>
  api.put<AcordoFranquiaView>(`/api/royalties/acordos/${encodeURIComponent(franquiaId)}`, body);
export const useSalvarAcordo = (config: MutationConfig<typeof salvarAcordo> = {}) =>
  useApiMutation(salvarAcordo, { invalidates: { keys: [ROYALTIES_QUERY_KEY] } }, config);

const fechar = ({ franquiaId, mes }: { franquiaId: string; mes: string }) =>
  api.post<ExtratoView>(`/api/royalties/extratos/${encodeURIComponent(franquiaId)}/${encodeURIComponent(mes)}/fechar`);
export const useFecharExtrato = (config: MutationConfig<typeof fechar> = {}) =>
  useApiMutation(fechar, { invalidates: { keys: [ROYALTIES_QUERY_KEY] } }, config);

const contestar = ({
  franquiaId,
  mes,
  linhaId,
  motivo,
}: {
  franquiaId: string;
  mes: string;
  linhaId: string;
  motivo: string;
}) =>
  api.post<ContestacaoView>(
    `/api/royalties/extratos/${encodeURIComponent(franquiaId)}/${encodeURIComponent(mes)}/linhas/${encodeURIComponent(linhaId)}/contestar`,
    { motivo },
  );
export const useContestarLinha = (config: MutationConfig<typeof contestar> = {}) =>
  useApiMutation(contestar, { invalidates: { keys: [ROYALTIES_QUERY_KEY] } }, config);
