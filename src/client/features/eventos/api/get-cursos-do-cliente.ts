import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Curso } from '@shared/schemas/curso';
import { MAX_PAGE_SIZE } from '@shared/schemas/list-query';
import { api } from '@/lib/api-client';

export interface CursoOption {
  id: string;
  titulo: string;
  isActive: boolean;
}

/**
 * The courses an event may offer: the client's, in the caller's scope. A cliente reads its own (no clienteId:
 * the server takes it from the session).
 */
export const getCursosDoCliente = async (clienteId: string | null): Promise<CursoOption[]> => {
  const list = await api.get<Curso[]>('/api/cursos', {
    params: { clienteId: clienteId ?? undefined, pageSize: MAX_PAGE_SIZE },
  });
  return list.map(({ id, titulo, isActive }) => ({ id, titulo, isActive }));
};

export const getCursosDoClienteQueryOptions = (clienteId: string | null) =>
  queryOptions({
    queryKey: ['eventos', 'cursos-do-cliente', clienteId],
    queryFn: () => getCursosDoCliente(clienteId),
    // Read again each time the form opens: courses change on the Cursos screen.
    staleTime: 0,
  });

export const useCursosDoCliente = (clienteId: string | null, enabled: boolean) =>
  useQuery({ ...getCursosDoClienteQueryOptions(clienteId), enabled });
