import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Agenda } from '@shared/schemas/visita';
import { api } from '@/lib/api-client';
import { VISITAS_QUERY_KEY } from './get-visitas';

/** 'Minha agenda' of a day (GET /api/user/agenda): its visits, its week's, the follow-up due, the next events. */
export const getAgenda = (dia: string) => api.get<Agenda>('/api/user/agenda', { params: { dia } });

export const getAgendaQueryOptions = (dia: string) =>
  queryOptions({
    queryKey: [...VISITAS_QUERY_KEY, 'agenda', dia],
    queryFn: () => getAgenda(dia),
    placeholderData: keepPreviousData,
  });

export const useAgenda = (dia: string) => useQuery(getAgendaQueryOptions(dia));
