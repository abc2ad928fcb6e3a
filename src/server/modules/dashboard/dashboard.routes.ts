import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countMetrics } from './dashboard.repository';
import { countAcompanhamento } from '../leads';
import { todayInBrasilia } from '../../../shared/brasilia';
import { rolesFor } from '../../../shared/permissions';
import { acompanhamentoResumoSchema } from '../../../shared/schemas/acompanhamento';
import { dashboardMetricsSchema } from '../../../shared/schemas/auth';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Only the counts the caller's role sees (SPEC §3): the schema names them all, each optional.
  app.get(
    '/api/dashboard/metrics',
    { schema: { response: { 200: dashboardMetricsSchema } }, config: { access: rolesFor('dashboard.ler') } },
    async (request) => countMetrics(request.dbLeitura, request.actor!),
  );

  // 'Retornos de hoje', 'Atrasados', 'Leads sem contato há mais de 48 h' (issue 16).
  app.get(
    '/api/dashboard/acompanhamento',
    {
      schema: { response: { 200: acompanhamentoResumoSchema } },
      config: { access: rolesFor('dashboard.acompanhamento') },
    },
    async (request) => {
      const now = app.clock.now();
      return countAcompanhamento(request.dbLeitura, request.actor!, todayInBrasilia(now), now);
    },
  );
}
