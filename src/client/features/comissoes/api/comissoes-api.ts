import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EstadoLancamento } from '@shared/comissoes/lancamentos';
import {
  type ComissaoConfiguracao,
  type FechamentoView,
  type LancamentoView,
  MINHAS_PAGINA,
  type MinhasView,
  type RegraInput,
  type RegraPatch,
  type RegraView,
  type ResumoView,
} from '@shared/schemas/comissao';
import type { Curso } from '@shared/schemas/curso';
import type { FranquiaView } from '@shared/schemas/franquia';
import { COMBOBOX_PAGE_SIZE, type ComboboxPage } from '@/components/ui/search-combobox';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/**
 * Comissões (issue 44, ADR 081, 082, 088): the caller's own statement ('Minhas comissões'), and the franqueador's and
 * franquia's period view, lines, closings, rules and the network's setting. Every key starts with COMISSOES_QUERY_KEY:
 * a closing, a payout or a rule changes what the others show.
 */

export const COMISSOES_QUERY_KEY = ['comissoes'] as const;

export const useMinhasComissoes = () =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'minhas'],
      queryFn: () => api.get<MinhasView>('/api/comissoes/minhas'),
    }),
  );

/**
 * 'Carregar mais' on 'Minhas comissões': the caller's lines older than the statement's first page, a page at a time,
 * from the statement's cursor (`inicio`, its `proximo`). Nothing is asked until `ativo` (the first tap).
 */
export const useMinhasMaisAntigas = (inicio: string | null, ativo: boolean) =>
  useInfiniteQuery({
    queryKey: [...COMISSOES_QUERY_KEY, 'minhas', 'mais-antigas', inicio],
    queryFn: ({ pageParam }) =>
      api.list<LancamentoView>('/api/comissoes/minhas/lancamentos', {
        params: { apos: pageParam, pageSize: MINHAS_PAGINA },
      }),
    initialPageParam: inicio ?? '',
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: ativo && inicio !== null,
  });

/** A period's totals and a page of its beneficiaries (the largest total first). */
export const useResumoComissoes = (periodo: string, page: number, pageSize: number) =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'resumo', periodo, page, pageSize],
      queryFn: () => api.get<ResumoView>('/api/comissoes/resumo', { params: { periodo, page, pageSize } }),
      placeholderData: keepPreviousData,
    }),
  );

export interface LancamentosParams {
  periodo: string;
  beneficiarioId?: string;
  estado?: EstadoLancamento;
  page: number;
  pageSize: number;
}

export const useLancamentos = (params: LancamentosParams | null) =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'lancamentos', params],
      queryFn: () => api.list<LancamentoView>('/api/comissoes/lancamentos', { params: { ...params } }),
      enabled: params !== null,
      placeholderData: keepPreviousData,
    }),
  );

export const useFechamentos = () =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'fechamentos'],
      queryFn: () => api.get<FechamentoView[]>('/api/comissoes/fechamentos'),
    }),
  );

/** The payout file of a closing (GET, audited by the server as its download). */
export const pagamentosCsvUrl = (periodo: string) =>
  `/api/comissoes/fechamentos/${encodeURIComponent(periodo)}/pagamentos.csv`;

const fechar = ({ periodo }: { periodo: string }) =>
  api.post<FechamentoView>('/api/comissoes/fechamentos', { periodo });
export const useFecharPeriodo = (config: MutationConfig<typeof fechar> = {}) =>
  useApiMutation(fechar, { invalidates: { keys: [COMISSOES_QUERY_KEY] } }, config);

const confirmarPagamento = ({ periodo }: { periodo: string }) =>
  api.post<FechamentoView>(`/api/comissoes/fechamentos/${encodeURIComponent(periodo)}/pago`);
export const useConfirmarPagamento = (config: MutationConfig<typeof confirmarPagamento> = {}) =>
  useApiMutation(confirmarPagamento, { invalidates: { keys: [COMISSOES_QUERY_KEY] } }, config);

export const useRegras = () =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'regras'],
      queryFn: () => api.get<RegraView[]>('/api/comissoes/regras'),
    }),
  );

const criarRegra = (body: RegraInput) => api.post<RegraView>('/api/comissoes/regras', body);
export const useCriarRegra = (config: MutationConfig<typeof criarRegra> = {}) =>
  useApiMutation(criarRegra, { invalidates: { keys: [COMISSOES_QUERY_KEY] } }, config);

const editarRegra = ({ id, ...body }: RegraPatch & { id: string }) =>
  api.patch<RegraView>(`/api/comissoes/regras/${encodeURIComponent(id)}`, body);
export const useEditarRegra = (config: MutationConfig<typeof editarRegra> = {}) =>
  useApiMutation(editarRegra, { invalidates: { keys: [COMISSOES_QUERY_KEY] } }, config);

export const useConfiguracaoComissoes = () =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'configuracao'],
      queryFn: () => api.get<ComissaoConfiguracao>('/api/comissoes/configuracao'),
    }),
  );

const salvarConfiguracao = (body: ComissaoConfiguracao) =>
  api.put<ComissaoConfiguracao>('/api/comissoes/configuracao', body);
export const useSalvarConfiguracao = (config: MutationConfig<typeof salvarConfiguracao> = {}) =>
  useApiMutation(salvarConfiguracao, { invalidates: { keys: [COMISSOES_QUERY_KEY] } }, config);

/** The franqueador's franquias, for a rule's reach (at most 100: a network's rule per franquia is the exception). */
export const useFranquiasDaRede = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...COMISSOES_QUERY_KEY, 'franquias'],
      queryFn: () => api.list<FranquiaView>('/api/franquias', { params: { pageSize: 100, status: 'ativos' } }),
      enabled,
    }),
  );

/** The rule dialog's curso searches (ADR 093) are kept under this key. */
export const CURSOS_DA_REGRA_QUERY_KEY = [...COMISSOES_QUERY_KEY, 'cursos-options'] as const;

/**
 * A page of the cursos the caller reads (GET /api/cursos: the same scope the rule's `cursoId` is checked against)
 * whose title contains `q`, for the rule dialog's curso picker: the server searches, 20 at a time.
 */
export async function searchCursoOptions(q: string, page: number): Promise<ComboboxPage> {
  const params: Record<string, string> = { page: String(page), pageSize: String(COMBOBOX_PAGE_SIZE), sort: 'nome' };
  if (q) params.q = q;
  const { items, total } = await api.list<Curso>('/api/cursos', { params });
  return {
    options: items.map((c) => ({ value: c.id, label: c.isActive ? c.titulo : `${c.titulo} (inativo)` })),
    total,
  };
}
