import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadItem } from '@shared/schemas/funnel';
import { api } from '@/lib/api-client';
import { liveListOptions } from '@/hooks/use-live-list';
import { LEADS_LIST_QUERY_KEY, type FunnelListParams } from './funnel-keys';

/** Leads and Interesses read the same list (GET /api/leads). */
export const getLeads = (params: FunnelListParams) => api.list<LeadItem>('/api/leads', { params: { ...params } });

export const getLeadsQueryOptions = (params: FunnelListParams) =>
  queryOptions({
    queryKey: [...LEADS_LIST_QUERY_KEY, params],
    queryFn: () => getLeads(params),
    placeholderData: keepPreviousData,
    ...liveListOptions,
  });

export const useLeads = (params: FunnelListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getLeadsQueryOptions(params), enabled });
