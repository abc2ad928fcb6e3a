import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthSchema } from '../../../shared/schemas/health';
import { HttpError } from '../../lib/http-error';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { response: { 200: healthSchema } }, config: { access: 'public' } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: the database does not answer');
      throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    return { status: 'ok' as const };
  });
}
