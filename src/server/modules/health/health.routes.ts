import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { HttpError, MESSAGES } from '../../lib/http-error';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      throw new HttpError(503, MESSAGES.unavailable);
    }
    return { status: 'ok' };
  });
}
