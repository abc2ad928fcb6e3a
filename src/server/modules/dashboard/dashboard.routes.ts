import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../../shared/roles';
import { countMetrics } from './dashboard.repository';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/metrics', { config: { access: ROLES } }, async (request) => {
    return countMetrics(app.db, request.actor!);
  });
}
