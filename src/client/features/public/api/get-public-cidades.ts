import { api } from '@/lib/api-client';
import { createResource, useResource } from '@/hooks/use-resource';

/** Cities with events open for sign-up, in pt-BR order. */
export const getPublicCidades = (): Promise<string[]> => api.get<string[]>('/api/public/cidades');

/** Events open and close during the day: a visitor coming back after a while sees the list read again. */
export const PUBLIC_STALE_TIME_MS = 5 * 60 * 1000;

const cidades = createResource(getPublicCidades, PUBLIC_STALE_TIME_MS);

export const usePublicCidades = () => useResource(cidades, 'todas');
