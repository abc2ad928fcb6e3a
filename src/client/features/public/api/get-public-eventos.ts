import type { PublicEvento, PublicFinalidade } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { createResource, useResource } from '@/hooks/use-resource';
import { PUBLIC_STALE_TIME_MS } from './get-public-cidades';

/**
 * The events of one city the page accepts (SPEC §7: called only once a city is chosen): the sign-up's open events,
 * or the activation's, which include the last ATIVACAO_JANELA_DIAS days (issue 23).
 */
export const getPublicEventos = (cidade: string, para: PublicFinalidade = 'inscricao'): Promise<PublicEvento[]> =>
  api.get<PublicEvento[]>('/api/public/eventos', { params: para === 'ativacao' ? { cidade, para } : { cidade } });

// One cache entry per page and city: the key is the rule, a tab, then the city.
const eventos = createResource((key: string) => {
  const [para, cidade] = key.split('\t') as [PublicFinalidade, string];
  return getPublicEventos(cidade, para);
}, PUBLIC_STALE_TIME_MS);

export const usePublicEventos = (cidade: string, para: PublicFinalidade = 'inscricao') =>
  useResource(eventos, cidade === '' ? null : `${para}\t${cidade}`);
