import { addDays } from '@shared/brasilia';
import { type Intervalo, daysInPeriod } from '@shared/schemas/relatorios';

/** The calendar's day arithmetic, from the shared module (the screen's tests import it from here). */
export { addDays };

/** The period presets of the filter bar; 'personalizado' takes its days from the address. */
export const PERIODOS = ['7d', '30d', '90d', '365d', 'mes', 'ano', 'personalizado'] as const;
export type Periodo = (typeof PERIODOS)[number];

export const PERIODO_LABELS: Record<Periodo, string> = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  '90d': 'Últimos 90 dias',
  // Issue 43 (ADR 077): Inadimplência's default, so every aging bucket has room.
  '365d': 'Últimos 12 meses',
  mes: 'Este mês',
  ano: 'Este ano',
  personalizado: 'Personalizado',
};

export interface Range {
  de: string;
  ate: string;
}

/** The days a preset covers, ending today. */
export function presetRange(periodo: Exclude<Periodo, 'personalizado'>, today: string): Range {
  switch (periodo) {
    case '7d':
      return { de: addDays(today, -6), ate: today };
    case '30d':
      return { de: addDays(today, -29), ate: today };
    case '90d':
      return { de: addDays(today, -89), ate: today };
    case '365d':
      return { de: addDays(today, -364), ate: today };
    case 'mes':
      return { de: `${today.slice(0, 8)}01`, ate: today };
    case 'ano':
      return { de: `${today.slice(0, 5)}01-01`, ate: today };
  }
}

/** The period of the same length just before: what the KPI cards compare with. */
export function previousRange({ de, ate }: Range): Range {
  const days = daysInPeriod(de, ate);
  return { de: addDays(de, -days), ate: addDays(de, -1) };
}

/** A sensible bucket for the series: days up to two months, weeks up to half a year, then months. */
export function defaultIntervalo({ de, ate }: Range): Intervalo {
  const days = daysInPeriod(de, ate);
  if (days <= 62) return 'dia';
  if (days <= 190) return 'semana';
  return 'mes';
}

/** The last day of a series bucket: the day before the next one starts, or the period's end. */
export function bucketEnd(inicios: string[], index: number, ate: string): string {
  const next = inicios[index + 1];
  return next ? addDays(next, -1) : ate;
}
