import type { CorrecaoDadosInput } from '@shared/schemas/correcao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/**
 * Correcting a family's names, e-mail and phone (issue 39 item 14) on a lead or a pré-matrícula: the server
 * audits it and tells the family by e-mail.
 */
export interface CorrigirDadosInput {
  id: string;
  dados: CorrecaoDadosInput;
}

export const corrigirDadosDoLead = ({ id, dados }: CorrigirDadosInput) =>
  api.patch<{ message: string }>(`/api/leads/${encodeURIComponent(id)}/dados`, dados);

export const corrigirDadosDaPreMatricula = ({ id, dados }: CorrigirDadosInput) =>
  api.patch<{ message: string }>(`/api/pre-matriculas/${encodeURIComponent(id)}/dados`, dados);

/** The names and contacts show in every funnel list, the lead's panel included. */
export const useCorrigirDadosDoLead = (config: MutationConfig<typeof corrigirDadosDoLead> = {}) =>
  useApiMutation(corrigirDadosDoLead, { invalidates: { keys: [FUNNEL_QUERY_KEY] } }, config);

export const useCorrigirDadosDaPreMatricula = (config: MutationConfig<typeof corrigirDadosDaPreMatricula> = {}) =>
  useApiMutation(corrigirDadosDaPreMatricula, { invalidates: { keys: [FUNNEL_QUERY_KEY] } }, config);
