import type { FastifyInstance } from 'fastify';
import { countMetrics } from './dashboard.repository';
import { countAcompanhamento } from '../leads';
import { todayInBrasilia } from '../../../shared/brasilia';
import { rolesFor } from '../../../shared/permissions';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/metrics', { config: { access: rolesFor('dashboard.ler') } }, async (request) => {
    return countMetrics(app.db, request.actor!);
  });

  // 'Retornos de hoje', 'Atrasados', 'Leads sem contato há mais de 48 h' (issue 16).
  app.get(
    '/api/dashboard/acompanhamento',
    { config: { access: rolesFor('dashboard.acompanhamento') } },
    async (request) => {
      const now = app.clock.now();
      return countAcompanhamento(app.db, request.actor!, todayInBrasilia(now), now);
    },
  );
}
