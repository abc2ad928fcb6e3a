/**
 * Business time for the SAC's deadlines (issue 19, ADR 027): Monday to Friday, 08:00-18:00 in São Paulo, without
 * Brazil's national holidays -- the fixed dates plus Carnaval (Monday and Tuesday), Sexta-feira Santa and Corpus
 * Christi, all three counted from Easter. The only place that knows what a business hour is.
 *
 * São Paulo has kept UTC-03:00 all year since daylight saving ended in 2019, so a local wall-clock time is the
 * UTC instant minus three hours; the module works on that shifted clock and never reads the machine's zone.
 */

const OFFSET_MS = -3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
const OPEN_HOUR = 8;
const CLOSE_HOUR = 18;
/** One business day: 08:00 to 18:00. */
export const BUSINESS_DAY_MS = (CLOSE_HOUR - OPEN_HOUR) * HOUR_MS;

/** Fixed national holidays, 'MM-DD' (Lei 662/1949, 6.802/1980, 14.759/2023 for 20 November). */
const FIXED_HOLIDAYS = new Set(['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25']);

/** Easter Sunday of a year (anonymous Gregorian algorithm), as a UTC midnight timestamp of that date. */
export function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

const movableCache = new Map<number, Set<number>>();
/** Carnaval (Easter - 48 and - 47 days), Sexta-feira Santa (- 2) and Corpus Christi (+ 60). */
function movableHolidays(year: number): Set<number> {
  let days = movableCache.get(year);
  if (!days) {
    const e = easter(year);
    days = new Set([-48, -47, -2, 60].map((offset) => e + offset * DAY_MS));
    movableCache.set(year, days);
  }
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether a São Paulo calendar day (given as the UTC midnight of that date) is a national holiday. */
export function isHoliday(localMidnight: number): boolean {
  const d = new Date(localMidnight);
  if (FIXED_HOLIDAYS.has(`${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`)) return true;
  return movableHolidays(d.getUTCFullYear()).has(localMidnight);
}

/** Whether a São Paulo calendar day is a working day: Monday to Friday and no holiday. */
export function isBusinessDay(localMidnight: number): boolean {
  const weekday = new Date(localMidnight).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(localMidnight);
}

/** The business window [open, close) of the São Paulo day holding `local`, on the shifted clock, or null. */
function windowOf(localMidnight: number): [number, number] | null {
  if (!isBusinessDay(localMidnight)) return null;
  return [localMidnight + OPEN_HOUR * HOUR_MS, localMidnight + CLOSE_HOUR * HOUR_MS];
}

const midnightOf = (local: number) => Math.floor(local / DAY_MS) * DAY_MS;

/** The instant `durationMs` business milliseconds after `start` (the start itself for 0). */
export function addBusinessTime(start: Date, durationMs: number): Date {
  let remaining = Math.max(0, durationMs);
  let cursor = start.getTime() + OFFSET_MS;
  if (remaining === 0) return new Date(start.getTime());
  for (;;) {
    const day = midnightOf(cursor);
    const window = windowOf(day);
    if (window && cursor < window[1]) {
      const from = Math.max(cursor, window[0]);
      const available = window[1] - from;
      if (remaining <= available) return new Date(from + remaining - OFFSET_MS);
      remaining -= available;
    }
    cursor = day + DAY_MS;
  }
}

/** Business milliseconds between two instants (0 when `to` is not after `from`). */
export function businessTimeBetween(from: Date, to: Date): number {
  let cursor = from.getTime() + OFFSET_MS;
  const end = to.getTime() + OFFSET_MS;
  let total = 0;
  while (cursor < end) {
    const day = midnightOf(cursor);
    const window = windowOf(day);
    if (window) {
      const a = Math.max(cursor, window[0]);
      const b = Math.min(end, window[1]);
      if (b > a) total += b - a;
    }
    cursor = day + DAY_MS;
  }
  return total;
}
