import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@shared/schemas/list-query';
import { api } from '@/lib/api-client';

export interface ClienteOption {
  id: string;
  nomeFantasia: string;
}

/** The active clientes in the caller's scope, for the event form's client select (a deactivated one is not offered). */
export const getClientesOptions = async (): Promise<ClienteOption[]> => {
  const list = await api.get<ClienteOption[]>('/api/clientes', {
    params: { pageSize: MAX_PAGE_SIZE, status: 'ativos' },
  });
  return (Array.isArray(list) ? list : []).map(({ id, nomeFantasia }) => ({ id, nomeFantasia }));
};

export const getClientesOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['eventos', 'clientes-options'],
    queryFn: getClientesOptions,
    // Read again each time the form opens: clientes are created on another screen.
    staleTime: 0,
  });

export const useClientesOptions = (enabled: boolean) => useQuery({ ...getClientesOptionsQueryOptions(), enabled });
