import { FUNNEL_QUERY_KEY } from './funnel-keys';

/** The event filter's searches (issue 21) are kept under this key, refreshed with the rest of the funnel. */
export const FUNNEL_EVENTOS_QUERY_KEY = [...FUNNEL_QUERY_KEY, 'eventos'] as const;

export {
  findEventoOption as findFunnelEventoOption,
  searchEventoOptions as searchFunnelEventos,
} from '@/lib/evento-search';
