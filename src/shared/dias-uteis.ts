/**
 * The network's calendar: which days are working days -- Monday to Friday without Brazil's national holidays, the
 * fixed dates plus Carnaval (Monday and Tuesday), Sexta-feira Santa and Corpus Christi, all three counted from
 * Easter. The one place for the rule: the SAC's deadlines count business hours on it (issue 19, ADR 027) and the
 * goals' projection counts working days on it (issue 48).
 *
 * A day is named by the UTC midnight of its date (a calendar day, no clock), or as 'YYYY-MM-DD'.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Whether a calendar day (the UTC midnight of that date) is a national holiday. */
export function isHoliday(localMidnight: number): boolean {
  const d = new Date(localMidnight);
  if (FIXED_HOLIDAYS.has(`${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`)) return true;
  return movableHolidays(d.getUTCFullYear()).has(localMidnight);
}

/** Whether a calendar day is a working day: Monday to Friday and no holiday. */
export function isBusinessDay(localMidnight: number): boolean {
  const weekday = new Date(localMidnight).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(localMidnight);
}

/** Whether a day ('YYYY-MM-DD') is a working day. */
export const ehDiaUtil = (dia: string) => isBusinessDay(Date.parse(`${dia}T00:00:00Z`));

/**
 * A month's ('YYYY-MM') working days, and how many of them have begun by `hoje` ('YYYY-MM-DD', today included): all
 * of them for a past month, none for a future one.
 */
export function diasUteisDoMes(mes: string, hoje: string): { total: number; decorridos: number } {
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  const dias = new Date(Date.UTC(ano, m, 0)).getUTCDate();
  let total = 0;
  let decorridos = 0;
  for (let dia = 1; dia <= dias; dia += 1) {
    const data = Date.UTC(ano, m - 1, dia);
    if (!isBusinessDay(data)) continue;
    total += 1;
    if (`${mes}-${pad(dia)}` <= hoje) decorridos += 1;
  }
  return { total, decorridos };
}

/**
 * The month's projection: what was achieved per working day so far, times the month's working days (rounded).
 * Before the first working day has begun, what was achieved; a month over, what it achieved.
 */
export function projecaoDoMes(realizado: number, dias: { total: number; decorridos: number }): number {
  if (dias.decorridos === 0 || dias.decorridos >= dias.total) return realizado;
  return Math.round((realizado * dias.total) / dias.decorridos);
}
