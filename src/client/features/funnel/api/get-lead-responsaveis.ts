import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponsavelOpcao } from '@shared/schemas/acompanhamento';
import { api } from '@/lib/api-client';
import { LEAD_QUERY_KEY } from './funnel-keys';

/** The vendedores a lead may be assigned to: its micro-franquia's active ones (GET /api/leads/:id/responsaveis). */
export const getLeadResponsaveis = (id: string): Promise<ResponsavelOpcao[]> =>
  api.get<ResponsavelOpcao[]>(`/api/leads/${encodeURIComponent(id)}/responsaveis`);

export const getLeadResponsaveisQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...LEAD_QUERY_KEY, id, 'responsaveis'], queryFn: () => getLeadResponsaveis(id) });

/** Read only when the assign form opens (only the roles that assign see it). */
export const useLeadResponsaveis = (id: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getLeadResponsaveisQueryOptions(id), enabled });
