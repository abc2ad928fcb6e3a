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

/** The last answer, for its minute: every public sign-up asks, and a zone's days always start on a whole minute. */
let last = { minute: Number.NaN, day: '' };

/** 'YYYY-MM-DD' of `now` in Brasília. */
export function todayInBrasilia(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== last.minute) last = { minute, day: dayFormat.format(now) };
  return last.day;
}
