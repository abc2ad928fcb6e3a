import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LinkDeIndicacao } from '@shared/schemas/atribuicao';
import { api } from '@/lib/api-client';

/** Issue 48: the vendedor's own share link, with its QR code (GET /api/user/link-de-indicacao). */
export const MEU_LINK_URL = '/api/user/link-de-indicacao';
/** An event's share link (GET /api/eventos/:id/link-de-indicacao), for the staff who read the event. */
export const linkDoEventoUrl = (eventoId: string) => `/api/eventos/${eventoId}/link-de-indicacao`;

/** A link never changes: read once per session. */
const SEMPRE = Number.POSITIVE_INFINITY;

export const getMeuLinkQueryOptions = () =>
  queryOptions({
    queryKey: ['atribuicao', 'meu-link'] as const,
    queryFn: () => api.get<LinkDeIndicacao>(MEU_LINK_URL),
    staleTime: SEMPRE,
  });

export const useMeuLink = () => useQuery(getMeuLinkQueryOptions());

export const getLinkDoEventoQueryOptions = (eventoId: string) =>
  queryOptions({
    queryKey: ['atribuicao', 'evento', eventoId] as const,
    queryFn: () => api.get<LinkDeIndicacao>(linkDoEventoUrl(eventoId)),
    staleTime: SEMPRE,
  });

export const useLinkDoEvento = (eventoId: string, enabled = true) =>
  useQuery({ ...getLinkDoEventoQueryOptions(eventoId), enabled });
