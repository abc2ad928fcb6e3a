import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../lib/http-error';

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
