import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  WhatsappCategoria,
  WhatsappModeloView,
  WhatsappMomento,
  WhatsappMomentosView,
  WhatsappVariavel,
} from '@shared/schemas/whatsapp-cloud';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { INTEGRACOES_QUERY_KEY } from './integracoes-api';

/**
 * Integrações > WhatsApp (issue 47): the templates approved in WhatsApp Manager with their variables mapped, the
 * template each moment goes with, and the estimated price of a message by category. Franqueador only.
 */

export const WHATSAPP_QUERY_KEY = [...INTEGRACOES_QUERY_KEY, 'whatsapp'] as const;

export interface WhatsappModelosList {
  /** False when the server has no WHATSAPP_* configuration: everything goes by e-mail. */
  ativo: boolean;
  items: WhatsappModeloView[];
}

export const getWhatsappModelosQueryOptions = () =>
  queryOptions({
    queryKey: [...WHATSAPP_QUERY_KEY, 'modelos'],
    queryFn: () => api.get<WhatsappModelosList>('/api/integracoes/whatsapp/modelos'),
  });
export const useWhatsappModelos = () => useQuery(getWhatsappModelosQueryOptions());

export const getWhatsappMomentosQueryOptions = () =>
  queryOptions({
    queryKey: [...WHATSAPP_QUERY_KEY, 'momentos'],
    queryFn: () => api.get<WhatsappMomentosView>('/api/integracoes/whatsapp/momentos'),
  });
export const useWhatsappMomentos = () => useQuery(getWhatsappMomentosQueryOptions());

/** The body of POST and PUT /api/integracoes/whatsapp/modelos (whatsappModeloSchema's input). */
export interface WhatsappModeloBody {
  nome: string;
  idioma: string;
  categoria: WhatsappCategoria | undefined;
  variaveis: (Omit<WhatsappVariavel, 'posicao' | 'campo'> & {
    posicao: number | undefined;
    campo: WhatsappVariavel['campo'] | undefined;
  })[];
}

const modelos = '/api/integracoes/whatsapp/modelos';
const modeloUrl = (id: string) => `${modelos}/${encodeURIComponent(id)}`;

export const criarModelo = (body: WhatsappModeloBody) => api.post<WhatsappModeloView>(modelos, body);
export const editarModelo = ({ id, ...body }: WhatsappModeloBody & { id: string }) =>
  api.put<WhatsappModeloView>(modeloUrl(id), body);
export const excluirModelo = ({ id }: { id: string }) => api.delete<unknown>(modeloUrl(id));
export const salvarMomentos = (body: Partial<Record<WhatsappMomento, string | null>>) =>
  api.put<WhatsappMomentosView>('/api/integracoes/whatsapp/momentos', body);
export const salvarCustos = (body: Partial<Record<WhatsappCategoria, number>>) =>
  api.put<WhatsappMomentosView>('/api/integracoes/whatsapp/custos', body);

// A template lists the moments it serves, and a moment names its template: every change reads both again.
const WHATSAPP = { keys: [WHATSAPP_QUERY_KEY] } as const;

export const useCriarModelo = (config: MutationConfig<typeof criarModelo> = {}) =>
  useApiMutation(criarModelo, { invalidates: WHATSAPP }, config);
export const useEditarModelo = (config: MutationConfig<typeof editarModelo> = {}) =>
  useApiMutation(editarModelo, { invalidates: WHATSAPP }, config);
export const useExcluirModelo = (config: MutationConfig<typeof excluirModelo> = {}) =>
  useApiMutation(excluirModelo, { invalidates: WHATSAPP, invalidatesOnError: WHATSAPP }, config);
export const useSalvarMomentos = (config: MutationConfig<typeof salvarMomentos> = {}) =>
  useApiMutation(salvarMomentos, { invalidates: WHATSAPP }, config);
export const useSalvarCustos = (config: MutationConfig<typeof salvarCustos> = {}) =>
  useApiMutation(salvarCustos, { invalidates: WHATSAPP }, config);
