import type { PublicEvento } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { createResource, useResource } from '@/hooks/use-resource';
import { PUBLIC_STALE_TIME_MS } from './get-public-cidades';

/** The open events of one city (SPEC §7: called only once a city is chosen). */
export const getPublicEventos = (cidade: string): Promise<PublicEvento[]> =>
  api.get<PublicEvento[]>('/api/public/eventos', { params: { cidade } });

const eventos = createResource(getPublicEventos, PUBLIC_STALE_TIME_MS);

export const usePublicEventos = (cidade: string) => useResource(eventos, cidade === '' ? null : cidade);
