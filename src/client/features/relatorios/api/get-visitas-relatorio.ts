import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitasRelatorio } from '@shared/schemas/relatorios';
import { api } from '@/lib/api-client';
import { type RelatorioFilter, RELATORIOS_QUERY_KEY } from './relatorios-keys';

/** The period's visits to schools per vendedor (GET /api/relatorios/visitas, issue 49). */
export const getVisitasRelatorio = (filter: RelatorioFilter) =>
  api.get<VisitasRelatorio>('/api/relatorios/visitas', { params: { ...filter } });

export const getVisitasRelatorioQueryOptions = (filter: RelatorioFilter) =>
  queryOptions({
    queryKey: [...RELATORIOS_QUERY_KEY, 'visitas', filter],
    queryFn: () => getVisitasRelatorio(filter),
    placeholderData: keepPreviousData,
  });

export const useVisitasRelatorio = (filter: RelatorioFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getVisitasRelatorioQueryOptions(filter), enabled });
