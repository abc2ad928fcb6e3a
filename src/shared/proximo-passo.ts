import { addDays, weekdayOf } from './brasilia';

/**
 * Issue 51: after a contact is registered, the panel asks for the next step with quick choices (Pipedrive's
 * 'Schedule next activity'). The days are Brasília's, counted from today there (`todayInBrasilia`).
 */

export const PROXIMO_PASSO_ESCOLHAS = ['amanha', 'dois_dias', 'proxima_semana'] as const;
export type ProximoPassoEscolha = (typeof PROXIMO_PASSO_ESCOLHAS)[number];

export const PROXIMO_PASSO_LABELS: Record<ProximoPassoEscolha, string> = {
  amanha: 'Amanhã',
  dois_dias: '+2 dias',
  proxima_semana: 'Próxima semana',
};

/**
 * The day a quick choice names, from `hoje` (YYYY-MM-DD in Brasília): tomorrow, the day after, or next week's
 * Monday (from a Sunday, the day after; a Monday gives the Monday after).
 */
export function diaDoProximoPasso(escolha: ProximoPassoEscolha, hoje: string): string {
  if (escolha === 'amanha') return addDays(hoje, 1);
  if (escolha === 'dois_dias') return addDays(hoje, 2);
  const semana = weekdayOf(hoje); // 0 = domingo
  return addDays(hoje, semana === 0 ? 1 : 8 - semana);
}
