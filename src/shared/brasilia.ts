/**
 * The network is Brazilian: its days are Brasília's (America/Sao_Paulo), wherever the server or the browser
 * runs -- "today" for an event's sign-ups, a return date, a report's period, an export's file name.
 */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BRASILIA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BRASILIA_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The instant a day (YYYY-MM-DD) reaches a whole hour (0-23) on Brasília's clocks. */
export function brasiliaAt(day: string, hour: number): Date {
  const asUtc = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const part = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);
  // The zone's clocks at that UTC instant, read as if UTC: their difference is the zone's offset then.
  const parts = partsFormat.formatToParts(new Date(asUtc));
  const shown = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
    part(parts, 'second'),
  );
  return new Date(asUtc - (shown - asUtc));
}

/** The last answer, for its minute: every public sign-up asks, and a zone's days always start on a whole minute. */
let last = { minute: Number.NaN, day: '' };

/** 'YYYY-MM-DD' of `now` in Brasília. */
export function todayInBrasilia(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== last.minute) last = { minute, day: dayFormat.format(now) };
  return last.day;
}

/** A day (YYYY-MM-DD) moved by whole days on the calendar: a date has no clock and no zone (UTC arithmetic). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day of the week of a day (YYYY-MM-DD): 0 is Sunday, 1 Monday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
