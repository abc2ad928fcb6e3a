import type { z } from 'zod';
import type { LeadsLoteResposta, leadsLoteSchema } from '@shared/schemas/distribuicao';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';

/**
 * 'Redistribuir os leads em aberto' after a vendedor is deactivated (issue 50): its open leads (novo, em contato,
 * interessado) go to the other vendedores by the micro-franquia's rule, in one POST /api/leads/lote.
 */
export const redistribuirLeads = ({ vendedorId }: { vendedorId: string }) => {
  const lote: z.input<typeof leadsLoteSchema> = {
    filtro: { responsavelId: vendedorId, abertos: 'sim', view: 'interesses' },
    acao: 'atribuir',
    automatico: true,
  };
  return api.post<LeadsLoteResposta>('/api/leads/lote', lote);
};

/** The leads' lists and counts change: everything cached but the session is read again. */
export const useRedistribuirLeads = (config: MutationConfig<typeof redistribuirLeads> = {}) =>
  useApiMutation(redistribuirLeads, { invalidates: { allExcept: [SESSION_QUERY_KEY] } }, config);
