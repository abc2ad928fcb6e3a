import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PresencaConflitos,
  PresencaLoteAnswer,
  PresencaLoteInput,
  Roteiro,
} from '@shared/schemas/check-in-offline';
import { api } from '@/lib/api-client';
import { EVENTOS_QUERY_KEY } from './get-eventos';

/** The door without a signal (issue 49): the roster for the device, the batch upload, the conflicts list. */

export const getRoteiro = (eventoId: string) => api.get<Roteiro>(`/api/eventos/${eventoId}/check-in/roteiro`);

export const enviarLote = (eventoId: string, body: PresencaLoteInput) =>
  api.post<PresencaLoteAnswer>(`/api/eventos/${eventoId}/presencas/lote`, body);

export const getConflitos = (eventoId: string) =>
  api.get<PresencaConflitos>(`/api/eventos/${eventoId}/presencas/conflitos`);

export const getConflitosQueryOptions = (eventoId: string) =>
  queryOptions({
    queryKey: [...EVENTOS_QUERY_KEY, 'detalhe', eventoId, 'conflitos'] as const,
    queryFn: () => getConflitos(eventoId),
  });

export const useConflitos = (eventoId: string, enabled: boolean) =>
  useQuery({ ...getConflitosQueryOptions(eventoId), enabled });
