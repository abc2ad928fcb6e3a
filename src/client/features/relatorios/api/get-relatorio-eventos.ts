import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunnelEvento } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { RELATORIOS_QUERY_KEY } from './relatorios-keys';

/** The events of the caller's scope, for the report's event filter (the funnel lists' own list, GET /api/leads/eventos). */
export const getRelatorioEventos = (): Promise<FunnelEvento[]> =>
  api.get<FunnelEvento[]>('/api/leads/eventos?pageSize=500');

export const getRelatorioEventosQueryOptions = () =>
  queryOptions({ queryKey: [...RELATORIOS_QUERY_KEY, 'eventos'], queryFn: getRelatorioEventos });

export const useRelatorioEventos = () => useQuery(getRelatorioEventosQueryOptions());
