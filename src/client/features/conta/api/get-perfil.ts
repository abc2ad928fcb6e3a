import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Perfil } from '@shared/schemas/conta';
import { api } from '@/lib/api-client';

export const getPerfil = () => api.get<Perfil>('/api/user/perfil');

/** The signed-in person's own data; a save refreshes it. */
export const PERFIL_QUERY_KEY = ['conta', 'perfil'] as const;

export const getPerfilQueryOptions = () => queryOptions({ queryKey: PERFIL_QUERY_KEY, queryFn: getPerfil });

export const usePerfil = () => useQuery(getPerfilQueryOptions());
