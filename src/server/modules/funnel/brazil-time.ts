import { sql } from 'drizzle-orm';
import { MISSING } from '../../../shared/format';
import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';

/** One formatter for every exported row: building an Intl formatter per cell would dominate a large export. */
const brazilDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRASILIA_TIME_ZONE,
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
export const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${BRASILIA_TIME_ZONE})`;
export const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${BRASILIA_TIME_ZONE})`;
