import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AuditAcao,
  type AuditEntidade,
  type AuditoriaItem,
  TOTAL_COUNT_EXACT_HEADER,
} from '@shared/schemas/auditoria';
import { TOTAL_COUNT_HEADER } from '@shared/schemas/list-query';
import { NEXT_CURSOR_HEADER, PREV_CURSOR_HEADER } from '@shared/schemas/list-cursor';
import { apiRequest } from '@/lib/api-client';

/** The trail's filters as the API takes them (GET /api/auditoria and its export.csv); empty ones are left out. */
export interface AuditoriaFilter {
  de?: string;
  ate?: string;
  acao?: AuditAcao;
  entidade?: AuditEntidade;
  entidadeId?: string;
  usuarioId?: string;
  /** The name or e-mail of who acted. */
  q?: string;
}

export interface AuditoriaParams extends AuditoriaFilter {
  page: number;
  pageSize: number;
  /** Issue 46: the page after or before a row, by the cursor the previous answer named. */
  apos?: string;
  antes?: string;
}

export interface AuditoriaPage {
  items: AuditoriaItem[];
  /** X-Total-Count: the matching rows, counted up to AUDITORIA_TOTAL_LIMITE. */
  total: number;
  /** X-Total-Count-Exact: false when more rows match than were counted ('mais de 10.000'). */
  exact: boolean;
  /** X-Next-Cursor and X-Prev-Cursor (issue 46): the pages after and before this one, null where there is none. */
  next: string | null;
  prev: string | null;
}

export const AUDITORIA_QUERY_KEY = ['auditoria'] as const;

function auditoriaSearchParams(filter: AuditoriaFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['de', 'ate', 'acao', 'entidade', 'entidadeId', 'usuarioId', 'q'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params;
}

export const getAuditoria = async (params: AuditoriaParams): Promise<AuditoriaPage> => {
  const { data, headers } = await apiRequest<AuditoriaItem[]>('GET', '/api/auditoria', { params: { ...params } });
  const items = Array.isArray(data) ? data : [];
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    items,
    total: headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(header) ? header : items.length,
    exact: headers.get(TOTAL_COUNT_EXACT_HEADER) !== 'false',
    next: headers.get(NEXT_CURSOR_HEADER),
    prev: headers.get(PREV_CURSOR_HEADER),
  };
};

export const getAuditoriaQueryOptions = (params: AuditoriaParams) =>
  queryOptions({
    queryKey: [...AUDITORIA_QUERY_KEY, params],
    queryFn: () => getAuditoria(params),
    placeholderData: keepPreviousData,
    // Read again on every visit: the trail grows with what everyone in the network does, not with this screen's saves.
    staleTime: 0,
  });

export const useAuditoria = (params: AuditoriaParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getAuditoriaQueryOptions(params), enabled });

/** The export's address with the list's filters: the server streams the file and records the export itself. */
export function auditoriaExportUrl(filter: AuditoriaFilter): string {
  const query = auditoriaSearchParams(filter).toString();
  return query ? `/api/auditoria/export.csv?${query}` : '/api/auditoria/export.csv';
}
