import { DrizzleQueryError } from 'drizzle-orm/errors';
import { statementName } from '../db/statement-name';

/**
 * What the server log may hold (TRUST.md, "Secrets and personal data in logs"): a request's method and path, the
 * answer's status, and for a failure its kind, SQLSTATE and statement name. Never a query string (reset and
 * set-password tokens, searches with names, phones and e-mails), a bound SQL parameter (CPFs, e-mails, password
 * hashes), a constraint's offending value (PostgreSQL's `detail`) or a fragment of a request body quoted back by a
 * parser.
 */

/** Query parameters whose values are never personal data: kept in the log because they help read it. */
const HARMLESS_QUERY_PARAMS = new Set(['page', 'pageSize', 'status', 'format']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path segment of the client app or an unrouted URL kept as it is: a word, a file name; never an e-mail or a number. */
const PLAIN_SEGMENT = /^(?!.*\d{6})[A-Za-z0-9._-]{1,80}$/;
/** A long run without a dot is a secret in the path (a voucher's token, `/voucher/<token>`), never a file name. */
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{24,}$/;
/**
 * The public pages whose next segment is a credential, however short: a voucher's token, a declaration's code, an
 * accepted contract's verification code (`/contrato/verificar/<codigo>`, ADR 066; its link's token is long), the
 * responsável's link to its parcelas (`/parcelas/<token>`, ADR 078).
 */
const VALUE_AFTER = new Set(['voucher', 'declaracao', 'verificar', 'parcelas']);

function harmlessQuery(query: string): string {
  const kept = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    if (HARMLESS_QUERY_PARAMS.has(key) && /^[\w-]{1,20}$/.test(value)) kept.append(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * The request target as the log may hold it. A routed request is logged by its route, with the ids in its path
 * (`/api/clientes/<uuid>`) and any other parameter by name (`/api/cep/:cep`); any other path keeps only its plain
 * segments. The query keeps only the harmless parameters: `/api/leads?page=2&q=...` -> `/api/leads?page=2`.
 */
export function loggablePath(url: string, route?: { url?: string; params?: unknown }): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : harmlessQuery(url.slice(mark + 1));
  const pattern = route?.url;
  if (pattern && pattern.startsWith('/api/') && !pattern.includes('*')) {
    const params = (route.params ?? {}) as Record<string, unknown>;
    const routed = pattern.replace(/:(\w+)/g, (whole, name: string) => {
      const value = params[name];
      return typeof value === 'string' && UUID.test(value) ? value : whole;
    });
    return routed + query;
  }
  const plain = path
    .split('/')
    .map((segment, i, all) =>
      segment === '' ||
      (PLAIN_SEGMENT.test(segment) && !TOKEN_SEGMENT.test(segment) && !VALUE_AFTER.has(all[i - 1] ?? ''))
        ? segment
        : ':value',
    )
    .join('/');
  return plain + query;
}

interface LoggableRequest {
  method: string;
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  ip?: string;
  params?: unknown;
  routeOptions?: { url?: string };
  socket?: { remoteAddress?: string };
}

/** A proxy's or client's X-Request-Id, kept to match log lines with theirs when it is a plain short id. */
function correlationId(value: string | string[] | undefined): { requestId?: string } {
  return typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? { requestId: value } : {};
}

export function serializeRequest(request: LoggableRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: loggablePath(request.url, { url: request.routeOptions?.url, params: request.params }),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    ...correlationId(request.headers?.['x-request-id']),
  };
}

export function serializeReply(reply: { statusCode: number }): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  statement?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
};

/** A PostgreSQL error (node-postgres and PGlite alike): a five-character SQLSTATE and a severity. */
function isDatabaseError(e: Record<string, unknown>): boolean {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** The stack without its first line, which repeats the message. */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.join('\n');
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: 'non-error value thrown', stack: '' };
  const e = error as Record<string, unknown>;
  const type = (error as Error).constructor?.name ?? 'Error';
  const out: LoggedError = { type, message: '', stack: framesOf(e.stack) };
  if (error instanceof DrizzleQueryError) {
    out.statement = statementName(error.query);
    out.message = `query failed (statement ${out.statement})`;
  } else if (isDatabaseError(e)) {
    // PostgreSQL quotes offending values in its message ('invalid input syntax for type uuid: "..."') and detail.
    out.code = e.code as string;
    out.message = `database error ${out.code}`;
    for (const key of ['constraint', 'table', 'column'] as const) {
      if (typeof e[key] === 'string') out[key] = e[key];
    }
  } else if (typeof e.code === 'string' && e.code.startsWith('FST_')) {
    // Fastify's own messages quote the URL or the body's first characters.
    out.code = e.code;
  } else if (error instanceof SyntaxError) {
    out.message = 'syntax error in client input';
  } else {
    out.message = typeof e.message === 'string' ? e.message : '';
    if (typeof e.code === 'string' && /^[\w-]{1,40}$/.test(e.code)) out.code = e.code;
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Fastify's logger options: these serializers, and the session cookie and credentials redacted as before. */
export const LOG_SERIALIZERS = {
  req: serializeRequest,
  res: serializeReply,
  err: (error: unknown) => serializeError(error),
};

/**
 * An e-mail address anywhere in a log line (issue 39, item 12: the start-up line named the bootstrap franqueador's
 * e-mail). Neither part takes a quote, a backslash, a space or a slash, so the mask keeps the JSON line whole and
 * a stack frame's `node_modules/@scope/package.js` is left alone.
 */
const EMAIL_IN_TEXT = /[\p{L}\p{N}.!#$%&'*+=?^_`|~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
export const EMAIL_MASK = '[e-mail]';

/** A text with every e-mail address in it masked. */
export function maskEmails(text: string): string {
  return text.includes('@') ? text.replace(EMAIL_IN_TEXT, EMAIL_MASK) : text;
}

/**
 * Where the log's lines go, each with its e-mail addresses masked (issue 39, item 12): whatever a message, a
 * field or an error says, an address never reaches the log. Written synchronously to standard output by default,
 * as pino's own destination does.
 */
export function maskingLogStream(target: { write(line: string): unknown } = process.stdout): {
  write(line: string): void;
} {
  return { write: (line: string) => void target.write(maskEmails(line)) };
}
