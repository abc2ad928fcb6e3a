import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HttpError } from '../../lib/http-error';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: the database does not answer');
      throw new HttpError(503, DATABASE_UNAVAILABLE_MESSAGE, undefined, {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      });
    }
    return { status: 'ok' };
  });
}
