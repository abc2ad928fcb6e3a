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

/** A day (YYYY-MM-DD) plus `n` days, on the calendar (no clock, no zone). */
export function somarDias(dia: string, n: number): string {
  const [y, m, d] = dia.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/**
 * The day a quick choice names, from `hoje` (YYYY-MM-DD in Brasília): tomorrow, the day after, or next week's
 * Monday (from a Sunday, the day after; a Monday gives the Monday after).
 */
export function diaDoProximoPasso(escolha: ProximoPassoEscolha, hoje: string): string {
  if (escolha === 'amanha') return somarDias(hoje, 1);
  if (escolha === 'dois_dias') return somarDias(hoje, 2);
  const [y, m, d] = hoje.split('-').map(Number) as [number, number, number];
  const semana = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = domingo
  return somarDias(hoje, semana === 0 ? 1 : 8 - semana);
}
