import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunnelEvento } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** The events of the caller's scope, offered by the event filter of the four screens. */
export const getFunnelEventos = (): Promise<FunnelEvento[]> => api.get<FunnelEvento[]>('/api/leads/eventos');

export const getFunnelEventosQueryOptions = () =>
  queryOptions({ queryKey: [...FUNNEL_QUERY_KEY, 'eventos'], queryFn: getFunnelEventos });

export const useFunnelEventos = () => useQuery(getFunnelEventosQueryOptions());
