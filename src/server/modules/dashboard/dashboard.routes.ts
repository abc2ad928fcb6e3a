import type { FastifyInstance } from 'fastify';
import { countMetrics } from './dashboard.repository';
import { rolesFor } from '../../../shared/permissions';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/metrics', { config: { access: rolesFor('dashboard.ler') } }, async (request) => {
    return countMetrics(app.db, request.actor!);
  });
}
