import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhatsappModelo, WhatsappModeloChave, WhatsappModelos } from '@shared/schemas/whatsapp';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/** The network's WhatsApp templates (issue 51, ADR 091): the lead panel fills them, the franqueador edits them. */
export const getWhatsappModelos = () => api.get<WhatsappModelos>('/api/whatsapp/modelos');

export const WHATSAPP_MODELOS_QUERY_KEY = ['whatsapp-modelos'] as const;

export const getWhatsappModelosQueryOptions = () =>
  queryOptions({
    queryKey: WHATSAPP_MODELOS_QUERY_KEY,
    queryFn: getWhatsappModelos,
    select: (data) => data.modelos,
    // The texts change seldom: one read serves every lead panel opened for a while.
    staleTime: 5 * 60 * 1000,
  });

export const useWhatsappModelos = () => useQuery(getWhatsappModelosQueryOptions());

export const salvarWhatsappModelo = ({ chave, texto }: { chave: WhatsappModeloChave; texto: string }) =>
  api.put<WhatsappModelo>(`/api/whatsapp/modelos/${encodeURIComponent(chave)}`, { texto });

export const useSalvarWhatsappModelo = (config: MutationConfig<typeof salvarWhatsappModelo> = {}) =>
  useApiMutation(salvarWhatsappModelo, { invalidates: { keys: [WHATSAPP_MODELOS_QUERY_KEY] } }, config);
