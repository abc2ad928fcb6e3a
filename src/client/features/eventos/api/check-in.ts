import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Evento } from '@shared/schemas/evento';
import type { Inscrito, PresencaAnswer, PresencaInput } from '@shared/schemas/inscricao';
import { api } from '@/lib/api-client';
import { type MutationConfig, useApiMutation } from '@/lib/react-query';
import { EVENTOS_QUERY_KEY } from './get-eventos';

const key = (id: string) => [...EVENTOS_QUERY_KEY, 'detalhe', id] as const;

export const getEvento = (id: string) => api.get<Evento>(`/api/eventos/${id}`);
export const useEvento = (id: string) => useQuery(queryOptions({ queryKey: key(id), queryFn: () => getEvento(id) }));

export const getInscritos = (id: string, q: string) =>
  api.get<Inscrito[]>(`/api/eventos/${id}/inscritos`, { params: { q } });
export const useInscritos = (id: string, q: string) =>
  useQuery({ queryKey: [...key(id), 'inscritos', q], queryFn: () => getInscritos(id, q) });

export interface RegistrarPresencaInput {
  eventoId: string;
  body: PresencaInput;
}

export const registrarPresenca = ({ eventoId, body }: RegistrarPresencaInput) =>
  api.post<PresencaAnswer>(`/api/eventos/${eventoId}/presencas`, body);

export const useRegistrarPresenca = (config: MutationConfig<typeof registrarPresenca> = {}) =>
  useApiMutation(registrarPresenca, { invalidates: { keys: [EVENTOS_QUERY_KEY] } }, config);
