import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MatriculasStatus } from '@shared/schemas/relatorios';
import { api } from '@/lib/api-client';
import { type RelatorioFilter, RELATORIOS_QUERY_KEY } from './relatorios-keys';

/** The period's matrículas by where their contract stands (GET /api/relatorios/matriculas-status, issue 42). */
export const getMatriculasStatus = (filter: RelatorioFilter) =>
  api.get<MatriculasStatus>('/api/relatorios/matriculas-status', { params: { ...filter } });

export const getMatriculasStatusQueryOptions = (filter: RelatorioFilter) =>
  queryOptions({
    queryKey: [...RELATORIOS_QUERY_KEY, 'matriculas-status', filter],
    queryFn: () => getMatriculasStatus(filter),
    placeholderData: keepPreviousData,
  });

export const useMatriculasStatus = (filter: RelatorioFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getMatriculasStatusQueryOptions(filter), enabled });
