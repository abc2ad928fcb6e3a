/**
 * Display formatters and input masks for Brazilian values (SPEC §2, §5, §9). Plain TypeScript: used by the
 * browser and, where useful, the server. Display formatters show '-' for a missing value (SPEC §2).
 */

export const MISSING = '-';

type Maybe<T> = T | null | undefined;

const isBlank = (value: Maybe<string>): value is null | undefined | '' => value == null || value.trim() === '';

export function onlyDigits(value: Maybe<string>): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Digits and letters, upper-cased: the alphanumeric CNPJ (2026) keeps letters in its first 12 places. */
export function onlyAlphanumeric(value: Maybe<string>): string {
  return (value ?? '').replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** 11 digits: (DD) 9XXXX-XXXX; 10 digits: (DD) XXXX-XXXX; anything else is shown as typed. */
export function formatPhone(value: Maybe<string>): string {
  if (isBlank(value)) return MISSING;
  const d = onlyDigits(value);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return value;
}

/** 000.000.000-00 when the value has 11 digits; otherwise as is. */
export function formatCpf(value: Maybe<string>): string {
  if (isBlank(value)) return MISSING;
  const d = onlyDigits(value);
  if (d.length !== 11) return value;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** 00.000.000/0000-00 for a numeric or alphanumeric CNPJ of 14 characters; otherwise as is. */
export function formatCnpj(value: Maybe<string>): string {
  if (isBlank(value)) return MISSING;
  const c = onlyAlphanumeric(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/** 00000-000 when the value has 8 digits; otherwise as is. */
export function formatCep(value: Maybe<string>): string {
  if (isBlank(value)) return MISSING;
  const d = onlyDigits(value);
  if (d.length !== 8) return value;
  return `${d.slice(0, 5)}-${d.slice(5)}`;
}

const brl = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** R$ in pt-BR with two decimals. Accepts the JSON number or a numeric string. */
export function formatBRL(value: Maybe<number | string>): string {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return MISSING;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return MISSING;
  return brl.format(n);
}

/**
 * Installments as a buyer reads them (issue 23): '10x de R$ 120,00', each the price divided by their number,
 * rounded to the cent. SPEC §2's 'Nx parcelas' said how many but not how much.
 */
export function formatParcelas(parcelas: number, preco: number): string {
  return `${parcelas}x de ${formatBRL(Math.round((preco * 100) / parcelas) / 100)}`;
}

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A whole count with pt-BR thousands separators (1.234). */
export function formatCount(value: Maybe<number>): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return count.format(value);
}

/**
 * A list's total as the screens say it (issue 21): the count, or 'mais de 10.000' when the server stopped counting
 * there (`exact` false, X-Total-Count-Exact).
 */
export function formatTotalCount(total: number, exact: boolean): string {
  return exact ? formatCount(total) : `mais de ${formatCount(total)}`;
}

/** A list's total with its noun, one or many: '1 envio', '381 envios', 'mais de 10.000 envios'. */
export function formatTotal(total: number, exact: boolean, [um, varios]: readonly [string, string]): string {
  return `${formatTotalCount(total, exact)} ${exact && total === 1 ? um : varios}`;
}

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

/** A fraction 0..1 as a pt-BR percentage (0,1234 -> '12,34%'). */
export function formatPercent(value: Maybe<number>): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return percent.format(value);
}

/**
 * 'YYYY-MM-DD' -> 'DD/MM/YYYY' by rearranging the text: a date-only value never passes through Date, so no time
 * zone can move it to the previous day.
 */
export function formatDateOnly(value: Maybe<string>): string {
  if (isBlank(value)) return MISSING;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

export interface DateTimeOptions {
  /** Also show HH:mm. */
  withTime?: boolean;
  /** IANA zone; the runtime's own zone when absent (the user's browser). */
  timeZone?: string;
}

/**
 * One formatter per zone, built once: building an `Intl.DateTimeFormat` costs about 0.4 ms, against a few
 * microseconds to use one -- two thirds of a CSV export's time went to building one per row.
 */
const dateTimeFormats = new Map<string | undefined, Intl.DateTimeFormat>();
/** 'dd/mm/aaaa, hh:mm' in pt-BR, 24 h, in `timeZone` (the runtime's own when absent): one per zone, kept. */
export function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** An ISO timestamp -> 'DD/MM/YYYY' (or 'DD/MM/YYYY HH:mm' with withTime) in pt-BR. */
export function formatDateTime(value: Maybe<string | Date>, options: DateTimeOptions = {}): string {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return MISSING;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : MISSING;
  const parts = dateTimeFormat(options.timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return options.withTime ? `${day} ${part('hour')}:${part('minute')}` : day;
}

/* Input masks (SPEC §5): applied while typing; the value is stripped to digits before it is sent. */

export const MASK_MAX_LENGTH = { cpf: 14, cnpj: 18, phone: 15, cep: 9, hora: 5 } as const;

/** Builds a masked value from characters and the separators that come before given positions. */
function applyMask(chars: string, separators: Record<number, string>): string {
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    out += (separators[i] ?? '') + chars.charAt(i);
  }
  return out;
}

/**
 * A CPF as a list or a message shows it to whoever needs no more than to tell two apart (issue 23):
 * `***.***.*89-01`, the last four digits. Empty for anything that is not 11 digits.
 */
export function hideCpf(value: Maybe<string>): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `***.***.*${d.slice(7, 9)}-${d.slice(9)}` : '';
}

/** 000.000.000-00 */
export function maskCpf(value: Maybe<string>): string {
  return applyMask(onlyDigits(value).slice(0, 11), { 3: '.', 6: '.', 9: '-' });
}

/** 00.000.000/0000-00; letters are kept (upper-cased) for the alphanumeric CNPJ. */
export function maskCnpj(value: Maybe<string>): string {
  return applyMask(onlyAlphanumeric(value).slice(0, 14), { 2: '.', 5: '.', 8: '/', 12: '-' });
}

/** (00) 0000-0000 while up to 10 digits, (00) 00000-0000 with 11. */
export function maskPhone(value: Maybe<string>): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  const split = d.length === 11 ? 7 : 6;
  return applyMask(d, { 0: '(', 2: ') ', [split]: '-' });
}

/** 00000-000 */
export function maskCep(value: Maybe<string>): string {
  return applyMask(onlyDigits(value).slice(0, 8), { 5: '-' });
}

/**
 * A time of day as hh:mm on the 24-hour clock, the colon put in as the digits come ('1930' -> '19:30'), whatever
 * the browser's language (issue 39, item 23: a native time input shows '07:30 PM' in an English browser).
 */
export function maskHora(value: Maybe<string>): string {
  return applyMask(onlyDigits(value).slice(0, 4), { 2: ':' });
}
