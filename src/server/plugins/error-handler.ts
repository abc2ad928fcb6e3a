import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../lib/http-error';
// zod's own texts are English: every rule a schema gives no message of its own answers in pt-BR.
import '../../shared/schemas/zod-errors';

/** What a client reads while the database cannot be reached: nothing is wrong with its request, so try again. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
/** Seconds a client should wait before retrying; a PostgreSQL restart or failover takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped. */
const CONNECTION_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P04']);
/** node-postgres reports a connection that dies mid-query without a code, only with these words. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i;

/**
 * True when a failure means the database could not be reached (refused, reset, shut down, starting up; SQLSTATE
 * class 08), not that the query was wrong. Drizzle wraps the driver's error in `cause`; a refused connection to
 * a host with several addresses arrives as an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === 'string' &&
      (CONNECTION_ERRNOS.has(code) || CONNECTION_SQLSTATES.has(code) || /^08/.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}

/** SQLSTATEs of text PostgreSQL cannot store: a NUL character (22021) or a \u0000 escape in JSON (22P05). */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/**
 * True when the database refused a value the client sent (a NUL character in a name or a search): the request
 * is at fault, not the server. Drizzle wraps the driver's error in `cause`.
 */
export function isUnstorableText(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNSTORABLE_TEXT_SQLSTATES.has(code)) return true;
    e = cause;
  }
  return false;
}

/**
 * The one error handler: every failure answers `{message, errors?}` in pt-BR; a client's mistake is never a
 * 500, and a 500 shows only a generic message and the request id (details go to the log).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply
          .code(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          errors[path] ??= issue.message ?? MESSAGES.invalidInput;
        }
        const first = Object.values(errors)[0];
        return reply.code(400).send({ message: first ?? MESSAGES.invalidInput, errors });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      if (isUnstorableText(error)) {
        request.log.info({ err: error }, 'client error: text the database cannot store');
        return reply.code(400).send({ message: MESSAGES.invalidInput });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.code(429).send({ message: MESSAGES.tooManyRequests });
      }
      if (status < 500) {
        request.log.info({ err: error }, 'client error');
        return reply.code(status).send({ message: clientErrorMessage(error) });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ message: MESSAGES.internal, requestId: request.id });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({ message: MESSAGES.routeNotFound });
    });
  },
  { name: 'error-handler' },
);

/**
 * The security headers of an answer given before any hook ran, so without the security plugin's: the strictest
 * policy, as such an answer is a short JSON message that loads nothing.
 */
const PRE_HOOK_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';base-uri 'none';frame-ancestors 'none';object-src 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * Fastify answers a URL it cannot route (a bad %-escape, a path segment over 100 characters) by itself, in
 * English and before any hook; app.ts hands those errors here (frameworkErrors) so they answer like the rest,
 * security headers included.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  request.log.info({ err: error }, 'client error: unroutable URL');
  if (request.server.config.cookieSecure) {
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  }
  void reply
    .code(status)
    .headers(PRE_HOOK_SECURITY_HEADERS)
    .send({
      message:
        status >= 500
          ? MESSAGES.internal
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? MESSAGES.uriTooLong
            : MESSAGES.invalidInput,
    });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return MESSAGES.unsupportedMediaType;
    default:
      if (error.statusCode === 404) return MESSAGES.notFound;
      if (error.statusCode === 403) return MESSAGES.forbidden;
      if (error.statusCode === 401) return MESSAGES.unauthenticated;
      return MESSAGES.invalidInput;
  }
}
