import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EnvioItem, EnvioStatus, EnvioTipo } from '@shared/schemas/envios';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** 'Envios' (issue 22): the network's e-mails and webhooks as jobs, dead letters resent. */

export const ENVIOS_QUERY_KEY = ['envios'] as const;

export interface EnviosParams {
  tipo?: EnvioTipo;
  status?: EnvioStatus;
  /** The whole address of an e-mail's recipient (issue 51): the server matches it exactly, never a fragment. */
  destinatario?: string;
  page: number;
  pageSize: number;
}

export const getEnvios = (params: EnviosParams) => api.list<EnvioItem>('/api/envios', { params: { ...params } });

export const useEnvios = (params: EnviosParams) =>
  useQuery(
    queryOptions({
      queryKey: [...ENVIOS_QUERY_KEY, params],
      queryFn: () => getEnvios(params),
      placeholderData: keepPreviousData,
      // The queue moves on its own: a try fails, a retry goes through.
      staleTime: 0,
      refetchInterval: 10_000,
    }),
  );

export const reenviarEnvio = ({ id }: { id: string }) =>
  api.post<{ message: string }>(`/api/envios/${encodeURIComponent(id)}/reenviar`);

export const useReenviarEnvio = (config: MutationConfig<typeof reenviarEnvio> = {}) =>
  useApiMutation(
    reenviarEnvio,
    { invalidates: { keys: [ENVIOS_QUERY_KEY] }, invalidatesOnError: { keys: [ENVIOS_QUERY_KEY] } },
    config,
  );

/** A queued e-mail or webhook taken out of the queue (issue 39). */
export const cancelarEnvio = ({ id }: { id: string }) =>
  api.post<{ message: string }>(`/api/envios/${encodeURIComponent(id)}/cancelar`);

export const useCancelarEnvio = (config: MutationConfig<typeof cancelarEnvio> = {}) =>
  useApiMutation(
    cancelarEnvio,
    { invalidates: { keys: [ENVIOS_QUERY_KEY] }, invalidatesOnError: { keys: [ENVIOS_QUERY_KEY] } },
    config,
  );

/** A queued e-mail or webhook waiting after a failed try, tried at once (issue 39). */
export const tentarAgoraEnvio = ({ id }: { id: string }) =>
  api.post<{ message: string }>(`/api/envios/${encodeURIComponent(id)}/tentar-agora`);

export const useTentarAgoraEnvio = (config: MutationConfig<typeof tentarAgoraEnvio> = {}) =>
  useApiMutation(
    tentarAgoraEnvio,
    { invalidates: { keys: [ENVIOS_QUERY_KEY] }, invalidatesOnError: { keys: [ENVIOS_QUERY_KEY] } },
    config,
  );
