import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntregaView, WebhookCriado, WebhookInput, WebhookView } from '@shared/schemas/integracoes';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** Integrações (issue 22): the franqueador's webhooks and their deliveries. */

export const INTEGRACOES_QUERY_KEY = ['integracoes'] as const;
const WEBHOOKS_KEY = [...INTEGRACOES_QUERY_KEY, 'webhooks'] as const;
const ENTREGAS_KEY = [...INTEGRACOES_QUERY_KEY, 'entregas'] as const;

export const useWebhooks = () =>
  useQuery(
    queryOptions({
      queryKey: WEBHOOKS_KEY,
      queryFn: () => api.get<WebhookView[]>('/api/integracoes/webhooks'),
      staleTime: 0,
      refetchInterval: 10_000,
    }),
  );

export const useEntregas = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...ENTREGAS_KEY, id],
      queryFn: () =>
        api.list<EntregaView>(`/api/integracoes/webhooks/${encodeURIComponent(id!)}/entregas`, {
          params: { pageSize: 20 },
        }),
      enabled: id !== null,
      staleTime: 0,
      refetchInterval: 5_000,
    }),
  );

export interface FranquiaOpcao {
  id: string;
  razaoSocial: string;
}

export const useFranquiasOpcoes = () =>
  useQuery(
    queryOptions({
      queryKey: [...INTEGRACOES_QUERY_KEY, 'franquias'],
      queryFn: () => api.list<FranquiaOpcao>('/api/franquias', { params: { pageSize: 500 } }),
    }),
  );

const criar = (input: WebhookInput) => api.post<WebhookCriado>('/api/integracoes/webhooks', input);
const remover = ({ id }: { id: string }) =>
  api.delete<{ message: string }>(`/api/integracoes/webhooks/${encodeURIComponent(id)}`);
const testar = ({ id }: { id: string }) =>
  api.post<{ message: string }>(`/api/integracoes/webhooks/${encodeURIComponent(id)}/teste`);

const EVERYTHING_HERE = { keys: [INTEGRACOES_QUERY_KEY] } as const;

export const useCriarWebhook = (config: MutationConfig<typeof criar> = {}) =>
  useApiMutation(criar, { invalidates: EVERYTHING_HERE }, config);
export const useRemoverWebhook = (config: MutationConfig<typeof remover> = {}) =>
  useApiMutation(remover, { invalidates: EVERYTHING_HERE, invalidatesOnError: EVERYTHING_HERE }, config);
export const useTestarWebhook = (config: MutationConfig<typeof testar> = {}) =>
  useApiMutation(testar, { invalidates: EVERYTHING_HERE }, config);
