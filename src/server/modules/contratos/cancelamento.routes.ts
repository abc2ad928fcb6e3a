import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  cancelamentoFeitoSchema,
  cancelamentoParamsSchema,
  cancelamentoPreviewSchema,
  cancelarBodySchema,
} from '../../../shared/schemas/cancelamento';
import { cancelarMatricula, previewCancelamento } from './cancelamento.service';

/**
 * Issue 42: the staff's cancellation of an accepted contract after the 7-day withdrawal term -- the fee shown
 * before confirming, then the cancellation. Another network's matrícula answers 404, as one that exists nowhere.
 */
export async function cancelamentoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const access = rolesFor('matriculas.cancelar');

  app.get(
    '/api/matriculas/:id/cancelamento',
    { schema: { params: cancelamentoParamsSchema, response: { 200: cancelamentoPreviewSchema } }, config: { access } },
    async (request) => previewCancelamento(app, request.actor!, request.params.id),
  );

  app.post(
    '/api/matriculas/:id/cancelar',
    {
      schema: {
        params: cancelamentoParamsSchema,
        body: cancelarBodySchema,
        response: { 200: cancelamentoFeitoSchema },
      },
      config: { access },
    },
    async (request) => cancelarMatricula(app, request.actor!, request.params.id, request.body),
  );
}
