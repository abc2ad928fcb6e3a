import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cepParamsSchema, cepResultSchema } from '../../../shared/schemas/cep';
import { CepService } from './cep.service';
import { rolesFor } from '../../../shared/permissions';

/** GET /api/cep/:cep (DESIGN §4.3): the staff forms fill cidade and estado from it. */
export async function cepRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new CepService(app.config.cepApiUrl, app.clock, (err) => app.log.warn({ err }, 'CEP lookup failed'));

  app.get(
    '/api/cep/:cep',
    {
      schema: { params: cepParamsSchema, response: { 200: cepResultSchema } },
      config: { access: rolesFor('cep.consultar') },
    },
    async (request) => service.lookup(request.params.cep),
  );
}
