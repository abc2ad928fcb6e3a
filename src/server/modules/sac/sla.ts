import type { TicketPrioridade } from '../../../shared/enums';
import { addBusinessTime, BUSINESS_DAY_MS, businessTimeBetween, HOUR_MS } from './business-time';

/**
 * The SAC's targets by priority (issue 19), in business time: first response and resolution. A business day is
 * ten business hours (08:00-18:00).
 */
export const SLA_TARGETS: Record<TicketPrioridade, { primeiraResposta: number; resolucao: number }> = {
  critica: { primeiraResposta: 1 * HOUR_MS, resolucao: 8 * HOUR_MS },
  alta: { primeiraResposta: 4 * HOUR_MS, resolucao: 1 * BUSINESS_DAY_MS },
  media: { primeiraResposta: 8 * HOUR_MS, resolucao: 3 * BUSINESS_DAY_MS },
  baixa: { primeiraResposta: 1 * BUSINESS_DAY_MS, resolucao: 5 * BUSINESS_DAY_MS },
};

/** What the deadlines are computed from: where the clock started, and the business time it stood still. */
export interface SlaClock {
  prioridade: TicketPrioridade;
  /** The ticket's opening, or its reopening. */
  inicio: Date;
  /** Business milliseconds spent waiting on the requester (aguardando_solicitante), finished pauses only. */
  pausaMs: number;
}

/** Both deadlines: the target plus every finished pause, counted in business time from the clock's start. */
export function deadlines(clock: SlaClock): { primeiraRespostaAte: Date; resolucaoAte: Date } {
  const target = SLA_TARGETS[clock.prioridade];
  return {
    primeiraRespostaAte: addBusinessTime(clock.inicio, target.primeiraResposta + clock.pausaMs),
    resolucaoAte: addBusinessTime(clock.inicio, target.resolucao + clock.pausaMs),
  };
}

/** The business time a pause lasted, added to the clock when the ticket leaves aguardando_solicitante. */
export function pauseLength(pausadoEm: Date, retomadoEm: Date): number {
  return businessTimeBetween(pausadoEm, retomadoEm);
}
