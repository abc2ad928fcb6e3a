import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadDetalhe } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { LEAD_QUERY_KEY } from './funnel-keys';

/** A lead with its follow-up and its history, newest first (GET /api/leads/:id; 404 outside the caller's scope). */
export const getLead = (id: string): Promise<LeadDetalhe> =>
  api.get<LeadDetalhe>(`/api/leads/${encodeURIComponent(id)}`);

export const getLeadQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...LEAD_QUERY_KEY, id], queryFn: () => getLead(id) });

export const useLead = (id: string) => useQuery(getLeadQueryOptions(id));
