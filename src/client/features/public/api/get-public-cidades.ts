import type { PublicFinalidade } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { createResource, useResource } from '@/hooks/use-resource';

/**
 * Cities with events the page accepts, in pt-BR order: the sign-up's open events (SPEC §7), or, with
 * `para=ativacao`, also those of the activation's window after the event (issue 23).
 */
export const getPublicCidades = (para: PublicFinalidade = 'inscricao'): Promise<string[]> =>
  api.get<string[]>('/api/public/cidades', para === 'ativacao' ? { params: { para } } : undefined);

/** Events open and close during the day: a visitor coming back after a while sees the list read again. */
export const PUBLIC_STALE_TIME_MS = 5 * 60 * 1000;

const cidades = createResource((para: PublicFinalidade) => getPublicCidades(para), PUBLIC_STALE_TIME_MS);

export const usePublicCidades = (para: PublicFinalidade = 'inscricao') => useResource(cidades, para);
