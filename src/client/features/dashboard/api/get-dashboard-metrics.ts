import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardMetrics } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';
import { DASHBOARD_METRICS_QUERY_KEY } from '@/lib/query-keys';

/** Only the counts the caller's role sees are present in the answer. */
export const getDashboardMetrics = async (): Promise<DashboardMetrics | null> =>
  (await api.get<DashboardMetrics | null>('/api/dashboard/metrics')) ?? null;

/** Saves elsewhere invalidate DASHBOARD_METRICS_QUERY_KEY so the counts are read again. */
export const getDashboardMetricsQueryOptions = () =>
  queryOptions({ queryKey: DASHBOARD_METRICS_QUERY_KEY, queryFn: getDashboardMetrics });

export const useDashboardMetrics = () => useQuery(getDashboardMetricsQueryOptions());
