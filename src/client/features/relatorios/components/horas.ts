import { MISSING } from '@shared/format';

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A time in hours as a person reads it (pt-BR): under an hour in minutes ('30 min'), under two days in hours
 * with one decimal ('5,5 h'), then in days ('3,2 dias'); no value is '-'. Each unit is chosen after rounding,
 * so 59,8 minutes reads '1,0 h' and not '60 min'.
 */
export function formatHoras(horas: number | null | undefined): string {
  if (horas == null || !Number.isFinite(horas)) return MISSING;
  const value = Math.max(0, horas);
  const minutos = Math.round(value * 60);
  if (minutos < 60) return minutos === 0 && value > 0 ? '< 1 min' : `${minutos} min`;
  if (Math.round(value * 10) / 10 < 48) return `${oneDecimal.format(value)} h`;
  return `${oneDecimal.format(value / 24)} dias`;
}
