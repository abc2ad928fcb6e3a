/**
 * Business time for the SAC's deadlines (issue 19, ADR 027): Monday to Friday, 08:00-18:00 in São Paulo, on the
 * working days of `src/shared/dias-uteis.ts` (Brazil's national holidays). The only place that knows what a
 * business hour is.
 *
 * São Paulo has kept UTC-03:00 all year since daylight saving ended in 2019, so a local wall-clock time is the
 * UTC instant minus three hours; the module works on that shifted clock and never reads the machine's zone.
 */

import { isBusinessDay } from '../../../shared/dias-uteis';

// Which days are holidays and working days is the shared calendar's rule (src/shared/dias-uteis.ts, also the
// goals' projection, issue 48); this module adds the hours.
export { easter, isBusinessDay, isHoliday } from '../../../shared/dias-uteis';

const OFFSET_MS = -3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
const OPEN_HOUR = 8;
const CLOSE_HOUR = 18;
/** One business day: 08:00 to 18:00. */
export const BUSINESS_DAY_MS = (CLOSE_HOUR - OPEN_HOUR) * HOUR_MS;

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
