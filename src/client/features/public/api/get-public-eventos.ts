import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvento } from '@shared/schemas/public';
import { api } from '@/lib/api-client';
import { PUBLIC_STALE_TIME_MS } from './get-public-cidades';

/** The open events of one city (SPEC §7: called only once a city is chosen). */
export const getPublicEventos = (cidade: string, signal?: AbortSignal): Promise<PublicEvento[]> =>
  api.get<PublicEvento[]>('/api/public/eventos', { params: { cidade }, signal });

export const getPublicEventosQueryOptions = (cidade: string) =>
  queryOptions({
    queryKey: ['public', 'eventos', cidade],
    queryFn: ({ signal }) => getPublicEventos(cidade, signal),
    enabled: cidade !== '',
    staleTime: PUBLIC_STALE_TIME_MS,
  });

export const usePublicEventos = (cidade: string) => useQuery(getPublicEventosQueryOptions(cidade));
