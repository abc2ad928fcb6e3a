import { z } from 'zod';

/**
 * Keyset paging (issue 46): a large list's page after (`apos`) or before (`antes`) a row, named by an opaque cursor
 * the server wrote -- base64url of the list, its order and the row's sort key values ending with its id. With one,
 * the page is read by `where (sort key, id) < (...)` on the order's index, so the last page costs what the first
 * does; without one, `page` works as it always has. The answer carries the cursors of the pages beside it in
 * headers (`X-Next-Cursor`, `X-Prev-Cursor`); the body stays a plain array (DESIGN §4.3).
 */

/** The address's names of the cursors, in the API and in the screens' own address. */
export const CURSOR_PARAMS = { apos: 'apos', antes: 'antes' } as const;
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const PREV_CURSOR_HEADER = 'X-Prev-Cursor';

export const CURSOR_MESSAGES = {
  invalido: 'Cursor de paginação inválido. Volte à primeira página da lista.',
  outraLista: 'Este cursor de paginação é de outra lista ou ordenação. Volte à primeira página da lista.',
  dois: 'Use um cursor de paginação só: apos ou antes.',
  irParaComCursor: 'Use ir para uma data ou um cursor de paginação, não os dois.',
} as const;

/** A cursor is a few sort keys: anything longer was not written by the server. */
const CURSOR_MAX_LENGTH = 2_000;

/**
 * What a sort key holds, so a cursor's value is checked before it reaches SQL (a malformed one answers 400, never
 * a database error): a moment as PostgreSQL writes it, a day (YYYY-MM-DD), a uuid, a text, a boolean. '?' marks a
 * nullable key.
 */
export type CursorKind = 'instante' | 'data' | 'uuid' | 'texto' | 'booleano';
export type CursorKindOrNull = CursorKind | `${CursorKind}?`;

/** A decoded cursor: its list, its order ('-criadoEm') and the row's key values, the id last. */
export interface ListCursor {
  lista: string;
  ordem: string;
  chaves: (string | null)[];
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeListCursor(cursor: ListCursor): string {
  return toBase64Url(JSON.stringify({ l: cursor.lista, o: cursor.ordem, k: cursor.chaves }));
}

/** The cursor a string holds, or null for anything the server did not write. */
export function decodeListCursor(value: string): ListCursor | null {
  if (value.length > CURSOR_MAX_LENGTH) return null;
  const text = fromBase64Url(value);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { l, o, k } = parsed as Record<string, unknown>;
  if (typeof l !== 'string' || typeof o !== 'string' || !Array.isArray(k) || k.length === 0 || k.length > 8) {
    return null;
  }
  if (!k.every((v) => v === null || typeof v === 'string')) return null;
  return { lista: l, ordem: o, chaves: k as (string | null)[] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text of a timestamptz ('2025-03-01 14:02:03.123456+00'), or an ISO moment. */
const INSTANTE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

const DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real day of the calendar (no 30 February), as the year, month and day given. */
function isDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isInstante(value: string): boolean {
  const match = INSTANTE.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return isDay(year, month, day) && hour < 24 && minute < 60 && second < 60;
}

/** Whether a cursor's value is one a key of this kind holds. */
export function cursorValueFits(value: string | null, kind: CursorKindOrNull): boolean {
  const nullable = kind.endsWith('?');
  if (value === null) return nullable;
  switch (kind.replace('?', '') as CursorKind) {
    case 'instante':
      return isInstante(value);
    case 'data': {
      const match = DATA.exec(value);
      return match !== null && isDay(Number(match[1]), Number(match[2]), Number(match[3]));
    }
    case 'uuid':
      return UUID.test(value);
    case 'booleano':
      return value === 'true' || value === 'false';
    case 'texto':
      return value.length <= 1_000 && !value.includes('\u0000');
  }
}

/** One cursor parameter: decoded here, so the route reads the cursor ('' is none: an address's empty field). */
const cursorField = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: CURSOR_MESSAGES.invalido })
      .transform((value, ctx) => {
        const cursor = decodeListCursor(value);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGES.invalido });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
  );

/** The cursor parameters a large list's query takes, beside `page` and `pageSize`. */
export const cursorShape = { apos: cursorField(), antes: cursorField() };

/**
 * A list's keyset: its name, the order a query asks for (its sort, or the list's own) and the kinds of each
 * order's keys, the id last. The server's repository mirrors these keys in its ORDER BY.
 */
export interface ListKeyset<Q> {
  lista: string;
  ordem: (query: Q) => string;
  /** By sort key (the order without its '-'). */
  chaves: Record<string, readonly CursorKindOrNull[]>;
}

/** The order of a query: its sort ('-criadoEm', 'nome'), or `padrao` without one. */
export const ordemDe = (sort: { key: string; direction: 'asc' | 'desc' } | undefined, padrao: string): string =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.key}` : padrao;

/**
 * The query's refinement: at most one cursor, of this list and of the order asked for, with values of its keys'
 * kinds. Anything else answers 400 with a pt-BR message.
 */
export function checkCursor<Q extends { apos?: ListCursor; antes?: ListCursor; irPara?: string }>(
  keyset: ListKeyset<Q>,
) {
  return (query: Q, ctx: z.RefinementCtx) => {
    if (query.apos && query.antes) {
      ctx.addIssue({ code: 'custom', path: ['antes'], message: CURSOR_MESSAGES.dois });
      return;
    }
    const cursor = query.apos ?? query.antes;
    if (!cursor) return;
    if (query.irPara) {
      ctx.addIssue({ code: 'custom', path: ['irPara'], message: CURSOR_MESSAGES.irParaComCursor });
      return;
    }
    const path = [query.apos ? 'apos' : 'antes'];
    const ordem = keyset.ordem(query);
    if (cursor.lista !== keyset.lista || cursor.ordem !== ordem) {
      ctx.addIssue({ code: 'custom', path, message: CURSOR_MESSAGES.outraLista });
      return;
    }
    const kinds = keyset.chaves[ordem.replace(/^-/, '')];
    if (
      !kinds ||
      cursor.chaves.length !== kinds.length ||
      !cursor.chaves.every((value, i) => cursorValueFits(value, kinds[i]!))
    ) {
      ctx.addIssue({ code: 'custom', path, message: CURSOR_MESSAGES.invalido });
    }
  };
}
