import { sql } from 'drizzle-orm';
import { MISSING } from '../../../shared/format';

/** The network is Brazilian: 'today' in file names and the pt-BR timestamps in exports are Brasília's. */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo';

/** YYYY-MM-DD of today in Brasília, for the export's file name. */
export function todayInBrazil(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BRAZIL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** One formatter for every exported row: building an Intl formatter per cell would dominate a large export. */
const brazilDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** A timestamp as the exports show it: DD/MM/YYYY in Brasília. */
export function csvDate(value: Date | string | null): string {
  if (value == null) return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? MISSING : brazilDate.format(date);
}

/** The first instant of a day (YYYY-MM-DD) in Brasília, and of the day after, as SQL. */
export const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${BRAZIL_TIME_ZONE})`;
export const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${BRAZIL_TIME_ZONE})`;
