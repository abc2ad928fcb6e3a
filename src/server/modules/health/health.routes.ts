import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/schemas/health';
import { HttpError } from '../../lib/http-error';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';
import { ping } from './health.repository';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { response: { 200: healthSchema } }, config: { access: 'public' } }, async () => {
    try {
      await ping(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: the database does not answer');
      throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    return { status: 'ok' as const };
  });
}
